import { expect, test } from '@playwright/test';
import { characterCards } from './onboarding-steps';

const limitAck = (id: string) =>
  `43${id}[{"ok":false,"error":{"code":"guest_message_limit","message":"Guests can send a limited number of messages."}}]`;

test.describe('the guest message allowance', () => {
  test('a refused message:send offers the Register for Free prompt, which opens Sign In', async ({
    page,
  }) => {
    // The allowance is 20 an hour; rather than send 21 messages, the socket (WebSocket from the start)
    // answers the send with the server's guest_message_limit acknowledgement.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString();
        const send = /^42(\d+)\["message:send"/.exec(text);
        if (send?.[1] !== undefined) ws.send(limitAck(send[1]));
        else server.send(message);
      });
    });
    await page.goto('/');
    await characterCards(page).first().click();
    await page.getByRole('link', { name: 'Chat Now' }).click();
    await expect(page.getByRole('log').locator('[data-role="bot"]').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('One more message, please.');
    await page.getByRole('button', { name: 'Send' }).click();

    const prompt = page.getByRole('dialog', { name: 'Only Email Required' });
    await expect(prompt).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
    // One name for signing in across the app: the prompt says Sign In, as the header does.
    await expect(prompt.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Login' })).toHaveCount(0);
    await prompt.getByRole('button', { name: 'Create Free Account' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });
});

import { describe, expect, it } from 'vitest';
import { chatPath, paths, returnPath } from '../../../../client/lib/paths';

describe('returnPath', () => {
  it('keeps a same-site page with its query', () => {
    expect(returnPath('/chatbot/abc')).toBe('/chatbot/abc');
    expect(returnPath('/chat/abc/new?x=1')).toBe('/chat/abc/new?x=1');
  });

  it('refuses anything that could leave the site', () => {
    for (const path of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'chatbot/abc', '']) {
      expect(returnPath(path)).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
  });

  it('leaves out home and sign-up itself, which need no return', () => {
    expect(returnPath('/')).toBeNull();
    expect(returnPath('/?page=2')).toBeNull();
    expect(returnPath('/signup?next=/x')).toBeNull();
  });
});

describe('paths.signup', () => {
  it('carries where to go back to, only when there is somewhere', () => {
    expect(paths.signup.build()).toBe('/signup');
    expect(paths.signup.build('/')).toBe('/signup');
    expect(paths.signup.build('//evil.test')).toBe('/signup');
    expect(paths.signup.build('/chatbot/abc')).toBe('/signup?next=%2Fchatbot%2Fabc');
  });
});

describe('chatPath', () => {
  const id = '6f1d2f53-52b6-4bd5-9a47-1b0b6f3c2a10';
  const conversationId = '0b7c4a4e-2f0e-4f63-8d35-7a3c5f1e9b22';

  it('opens a chatbot in the one-bot chat', () => {
    expect(chatPath({ id, type: 'standard' })).toBe(`/chat/${id}`);
    expect(chatPath({ id, type: 'standard' }, conversationId)).toBe(
      `/chat/${id}/${conversationId}`,
    );
  });

  it('opens a group in the group chat screen, keeping the conversation in the query', () => {
    expect(chatPath({ id, type: 'meta' })).toBe(`/groupchat/${id}`);
    expect(chatPath({ id, type: 'meta' }, conversationId)).toBe(
      `/groupchat/${id}?conversationId=${conversationId}`,
    );
    expect(chatPath({ id, type: 'meta' }, 'new')).toBe(`/groupchat/${id}`);
  });

  it('opens either screen in partial-clone mode with the clone title', () => {
    expect(
      chatPath({ id, type: 'standard' }, conversationId, { cloneTitle: 'Part one & two' }),
    ).toBe(`/chat/${id}/${conversationId}?cloneType=partial&cloneTitle=Part+one+%26+two`);
    expect(chatPath({ id, type: 'meta' }, conversationId, { cloneTitle: 'Part one & two' })).toBe(
      `/groupchat/${id}?conversationId=${conversationId}&cloneType=partial&cloneTitle=Part+one+%26+two`,
    );
  });

  it("keeps a notification mail's source on either screen, so it shows the newest reply", () => {
    expect(chatPath({ id, type: 'standard' }, conversationId, { fromEmail: true })).toBe(
      `/chat/${id}/${conversationId}?source=email_notification`,
    );
    expect(chatPath({ id, type: 'meta' }, conversationId, { fromEmail: true })).toBe(
      `/groupchat/${id}?conversationId=${conversationId}&source=email_notification`,
    );
    expect(chatPath({ id, type: 'meta' }, conversationId, { fromEmail: false })).toBe(
      `/groupchat/${id}?conversationId=${conversationId}`,
    );
  });
});

/**
 * The partner-mode navbar's dropdown (product-core.md §2, "Partner mode"): the product's pages and the
 * partner's own entries, each shown only to callers holding its permission, and never a page the
 * brand switches off.
 */
import { isPathOff } from '#shared/rules/brand-sections';
import type { Permission } from '#shared/schemas/permission';
import { Menu } from '../../components/menu';
import { useAppSettings } from '../../features/app-settings/hooks/use-app-settings';
import { usePermissions } from '../../lib/member';
import { paths } from '../../lib/paths';

const productPages: readonly { label: string; href: string; permission?: Permission }[] = [
  { label: 'Home', href: paths.home.build() },
  { label: 'Chats', href: paths.chats.build(), permission: 'view_chats' },
  { label: 'Create Chatbot', href: paths.chatbotCreate.build(), permission: 'create_character' },
  { label: 'My Chatbots', href: paths.myChatbots.build(), permission: 'view_my_chat_bots' },
  { label: 'My Personas', href: paths.personas.build(), permission: 'view_auth' },
];

export function PartnerNav() {
  const settings = useAppSettings();
  const held = usePermissions() ?? [];
  const sectionsOff = settings?.sectionsOff ?? [];
  const entries = [
    ...productPages,
    ...(settings?.navEntries ?? []).map(({ label, url, permission }) => ({
      label,
      href: url,
      permission,
    })),
  ].filter(
    ({ href, permission }) =>
      (permission === undefined || held.includes(permission)) &&
      !isPathOff(sectionsOff, 'pages', href),
  );
  return (
    <Menu
      label="Menu"
      align="end"
      icon={
        <svg viewBox="0 0 24 24" width="20" height="20">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
      }
      items={entries.map(({ label, href }) => ({ label, href }))}
    />
  );
}

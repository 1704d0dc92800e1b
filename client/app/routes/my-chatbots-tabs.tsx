/**
 * The My Chatbots tabs (product-core.md "My Chatbots"): Chatbots, Groupchats with the group chat flag,
 * and Lorebooks with the lorebook flag; none while Chatbots would be the only one.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../lib/paths';
import { useIsFlagOn, useIsLorebookOn } from '../feature-flags';

export function MyChatbotsTabs({ current }: { current: 'chatbots' | 'groupchats' | 'lorebooks' }) {
  const isGroupChatOn = useIsFlagOn('groupchat') === true;
  const isLorebookOn = useIsLorebookOn() === true;
  const tabs = [
    { key: 'chatbots', label: 'Chatbots', href: paths.myChatbots.build() },
    ...(isGroupChatOn
      ? [{ key: 'groupchats', label: 'Groupchats', href: paths.myGroupChats.build() }]
      : []),
    ...(isLorebookOn
      ? [{ key: 'lorebooks', label: 'Lorebooks', href: paths.myLorebooks.build() }]
      : []),
  ];
  if (tabs.length === 1) return null;
  return (
    <Tabs aria-label="My Chatbots sections">
      {tabs.map((tab) => (
        <Link key={tab.key} href={tab.href} asChild>
          <Tab aria-current={tab.key === current ? 'page' : undefined}>{tab.label}</Tab>
        </Link>
      ))}
    </Tabs>
  );
}

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Tab = styled.a`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.text};
  }
`;

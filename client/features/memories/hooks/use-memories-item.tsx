/** Manage Memories in the chat's header menu (members only) and the Memory Manager it opens. */
import { useState } from 'react';
import { mayManageMemories } from '#shared/rules/memory';
import type { MenuItem } from '../../../components/menu';
import { useMe, usePermissions } from '../../../lib/member';
import { MemoryManager } from '../components/memory-manager';

export function useMemoriesItem() {
  const isMember = useMe() !== null;
  const permissions = usePermissions();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const menuItems = (activeId: string | null): MenuItem[] =>
    isMember && activeId !== null
      ? [
          {
            label: 'Manage Memories',
            onSelect: () => {
              setConversationId(activeId);
            },
          },
        ]
      : [];
  const dialog =
    conversationId === null ? null : (
      <MemoryManager
        conversationId={conversationId}
        mayManage={mayManageMemories(permissions ?? [])}
        onClose={() => {
          setConversationId(null);
        }}
      />
    );
  return { menuItems, dialog };
}

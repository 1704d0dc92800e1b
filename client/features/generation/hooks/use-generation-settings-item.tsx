/** Generation Settings in the chat's header menu (members only) and the modal it opens. */
import { useState } from 'react';
import type { MenuItem } from '../../../components/menu';
import { useMe } from '../../../lib/member';
import { GenerationSettingsModal } from '../components/generation-settings-modal';

export function useGenerationSettingsItem() {
  const isMember = useMe() !== null;
  const [isOpen, setIsOpen] = useState(false);
  const menuItems: MenuItem[] = isMember
    ? [
        {
          label: 'Generation Settings',
          onSelect: () => {
            setIsOpen(true);
          },
        },
      ]
    : [];
  const modal = isOpen ? (
    <GenerationSettingsModal
      onClose={() => {
        setIsOpen(false);
      }}
    />
  ) : null;
  return { menuItems, modal };
}

/**
 * Enable or Disable Auto Response in a group chat's header menu (product-core.md, "Chat screen"; premium,
 * the upgrade modal otherwise). Offered once the conversation exists, since the switch is kept per
 * conversation; it reads what the server holds and shows each switch at once.
 */
import { useState } from 'react';
import type { AppErrorBody } from '#shared/errors';
import type { MenuItem } from '../../../components/menu';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { fetchAutoResponse, saveAutoResponse } from '../api';
import { PremiumUpgradeModal } from '../components/premium-upgrade-modal';

export function useAutoResponseItem(conversationId: string | null) {
  const { api } = useServices();
  const toast = useToast();
  const held = useQuery(`auto-response:${conversationId ?? 'none'}`, (signal) =>
    conversationId === null
      ? Promise.resolve(null)
      : fetchAutoResponse(api, conversationId, signal),
  );
  // What the last switch answered, for the conversation it was made in.
  const [switched, setSwitched] = useState<{ conversationId: string; isOn: boolean } | null>(null);
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const isOn =
    switched !== null && switched.conversationId === conversationId
      ? switched.isOn
      : held.status === 'success'
        ? (held.data?.isOn ?? null)
        : null;

  const toggle = async (id: string, next: boolean) => {
    setIsSaving(true);
    const failed = await saveAutoResponse(api, id, next).then(
      (saved): AppErrorBody | null => {
        setSwitched({ conversationId: id, isOn: saved.isOn });
        return null;
      },
      (err: unknown) => toApiError(err).toBody(),
    );
    setIsSaving(false);
    if (failed === null) toast(next ? 'Auto Response enabled' : 'Auto Response disabled');
    else if (failed.code === 'group_premium_required') setIsUpgradeOpen(true);
    else toast(errorText(failed), 'error');
  };

  const menuItems: MenuItem[] =
    conversationId === null || isOn === null || isSaving
      ? []
      : [
          {
            label: isOn ? 'Disable Auto Response' : 'Enable Auto Response',
            onSelect: () => {
              void toggle(conversationId, !isOn);
            },
          },
        ];
  const dialog = isUpgradeOpen ? (
    <PremiumUpgradeModal
      onClose={() => {
        setIsUpgradeOpen(false);
      }}
    />
  ) : null;
  return { menuItems, dialog };
}

import type { Webhook } from '@portal/contracts/webhooks';
import { createRowDialogs } from '@/components/row-dialogs-provider';

/** The Webhooks screen's one piece of state: the Add dialog, or an endpoint's Rotate or Delete dialog. */
const webhooksScreen = createRowDialogs<Webhook, 'rotate' | 'delete', never>('useWebhooksScreen');

export const WebhooksProvider = webhooksScreen.Provider;
export const useWebhooksScreen = webhooksScreen.useRowDialogs;

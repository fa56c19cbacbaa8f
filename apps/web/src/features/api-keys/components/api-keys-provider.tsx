import type { ApiKey } from '@portal/contracts/api-keys';
import { createRowDialogs } from '@/components/row-dialogs-provider';

/** The API keys screen's one piece of state: the Create dialog, or a key's Revoke confirmation. */
const apiKeysScreen = createRowDialogs<ApiKey, 'revoke', never>('useApiKeysScreen');

export const ApiKeysProvider = apiKeysScreen.Provider;
export const useApiKeysScreen = apiKeysScreen.useRowDialogs;

import { createContext, type ReactNode } from 'react';

/**
 * The Views menu that a list with `views` shows in its toolbar (decision 050). Saved views are a
 * feature, and shared components do not know the features, so the app hands the menu in here.
 */
export const ListViewsSlot = createContext<ReactNode>(null);

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UsageKind } from '@prd/proto';

/** Why the registration modal opened: it picks the title and description (docs/product.md §2). */
export type SignUpContext =
  | { reason: 'default' }
  | { reason: 'first-document' }
  | { reason: 'limit'; kind: UsageKind }
  /** A server answer (ACCOUNT_REQUIRED) or a caller supplies its own texts. */
  | { reason: 'custom'; title: string; description?: string };

/** The app-wide dialogs, opened from anywhere (a failed call, the shell, a page) and shown by the shell. */
export interface DialogsState {
  signUp: SignUpContext | null;
  usageLimit: UsageKind | null;
  settings: boolean;
  newDocument: boolean;
}

const initialState: DialogsState = { signUp: null, usageLimit: null, settings: false, newDocument: false };

export const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    openSignUp: (state, action: PayloadAction<SignUpContext>) => {
      state.signUp = action.payload;
      state.usageLimit = null;
      state.settings = false;
    },
    closeSignUp: (state) => {
      state.signUp = null;
    },
    openUsageLimit: (state, action: PayloadAction<UsageKind>) => {
      state.usageLimit = action.payload;
    },
    closeUsageLimit: (state) => {
      state.usageLimit = null;
    },
    openSettings: (state) => {
      state.settings = true;
    },
    closeSettings: (state) => {
      state.settings = false;
    },
    openNewDocument: (state) => {
      state.newDocument = true;
    },
    closeNewDocument: (state) => {
      state.newDocument = false;
    },
  },
});

export const { openSignUp, closeSignUp, openUsageLimit, closeUsageLimit, openSettings, closeSettings, openNewDocument, closeNewDocument } = dialogsSlice.actions;

import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api } from '../shared/api/api';
import { errorDialogsMiddleware } from '../shared/state/error-dialogs-middleware';
import { rootReducer } from '../shared/state/root-reducer';

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, errorDialogsMiddleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;

export const store = createStore();

// Lets a query opt in to refetching on window focus (the usage line does, docs/product.md §4); none does by default.
setupListeners(store.dispatch);

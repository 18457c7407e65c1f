import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api } from './api';
import { dialogsSlice } from './dialogs-slice';
import { errorDialogsMiddleware } from './error-dialogs-middleware';

export function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [dialogsSlice.name]: dialogsSlice.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, errorDialogsMiddleware),
  });
}

export const store = createStore();

// Lets a query opt in to refetching on window focus (the usage line does, docs/product.md §4); none does by default.
setupListeners(store.dispatch);

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

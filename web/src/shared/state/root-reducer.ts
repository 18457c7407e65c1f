import { combineReducers, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { dialogsSlice } from './dialogs-slice';

/** The client's state: the RTK Query cache and the app-wide dialogs. The store (app/store.ts) is built from it. */
export const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, [dialogsSlice.name]: dialogsSlice.reducer });

export type RootState = ReturnType<typeof rootReducer>;
/** The store's dispatch: plain actions and RTK Query's thunks. */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

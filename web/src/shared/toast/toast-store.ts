import { TOAST_REMOVE_DELAY_MS } from '../ui-constants';

export interface ToastRecord {
  key: string;
  title: string;
  description?: string;
  kind: 'success' | 'error';
  /** False once dismissed: the toast is hidden but kept until its removal. */
  open: boolean;
}

/**
 * docs/product.md §9's toast store: every toast shown, its state, and the dismissed ones kept (hidden) for
 * 1,000,000 ms before they are removed. A toast shown again under its key is open again and kept.
 */
export class ToastStore {
  private readonly records = new Map<string, ToastRecord>();
  private readonly removals = new Map<string, ReturnType<typeof setTimeout>>();

  add(record: Omit<ToastRecord, 'open'>): void {
    clearTimeout(this.removals.get(record.key));
    this.removals.delete(record.key);
    this.records.set(record.key, { ...record, open: true });
  }

  dismiss(key: string): void {
    const record = this.records.get(key);
    if (!record?.open) return;
    record.open = false;
    this.removals.set(
      key,
      setTimeout(() => {
        this.records.delete(key);
        this.removals.delete(key);
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  list(): ToastRecord[] {
    return [...this.records.values()];
  }
}

export const toastStore = new ToastStore();

import { useState, type DragEvent, type ReactNode } from 'react';
import styles from './import.module.css';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/** Files dropped anywhere on its children are imported; while files are dragged over it says so. */
export function ImportDropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={styles.zone}
      data-testid="import-drop-zone"
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        // Leaving for one of its own children is not leaving.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length) onFiles(files);
      }}
    >
      {children}
      {over && (
        <div className={styles.overlay} role="status">
          Drop files to import them as documents
        </div>
      )}
    </div>
  );
}

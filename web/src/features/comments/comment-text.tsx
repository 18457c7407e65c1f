import styles from './comments.module.css';

/** A comment's text with its `@username` mentions set apart (the same pattern the server reads). */
export function CommentText({ text }: { text: string }) {
  const parts = text.split(/((?:^|(?<=[^\w@]))@[A-Za-z0-9_.-]{1,64})/g);
  return (
    <p className={styles.text}>
      {parts.map((part, i) =>
        part.startsWith('@') ? (
          <span key={i} className={styles.mention}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </p>
  );
}

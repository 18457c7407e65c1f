import { FileTextOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import styles from './auth.module.css';

/** The three features the marketing copy names (docs/product.md §1). */
const FEATURES = [
  { icon: RobotOutlined, title: 'AI-Powered Assistance', text: 'Draft PRDs, personas and user stories with an AI that asks the right questions.' },
  { icon: TeamOutlined, title: 'Real-Time Collaboration', text: 'Share documents with your team, comment and refine them together.' },
  { icon: FileTextOutlined, title: 'Professional Templates', text: 'Start from proven templates for every kind of product document.' },
];

export function AuthFeatures() {
  return (
    <ul className={styles.authFeatures}>
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className={styles.authFeature}>
          <Icon aria-hidden className={styles.authFeatureIcon} />
          <div>
            <h3>{title}</h3>
            <p>{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import { AudioOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId } from 'react';
import { useGetSettingsQuery } from '../../shared/api/identity-api';
import { openSettings } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { useGetRealtimeVoiceQuery } from '../chat/chat-api';
import { useRealtimeVoice, type VoiceState } from './use-realtime-voice';
import styles from './document-editor.module.css';

const STATE_TEXT: Record<VoiceState, string> = {
  disconnected: 'Voice: disconnected',
  connecting: 'Voice: connecting...',
  connected: 'Voice: connected',
  failed: 'Voice: failed',
};

/**
 * The document chat's voice mode (docs/product.md §2, §4): talk with the AI about the document over an
 * OpenAI-compatible realtime server. Without a key of the user's or the server's (the offline assistant),
 * the button is disabled and says why.
 */
export function VoiceChat({ documentId }: { documentId: number }) {
  const reasonId = useId();
  const { user } = useCurrentUser();
  const server = useGetRealtimeVoiceQuery();
  const settings = useGetSettingsQuery(undefined, { skip: !isRegistered(user) });
  const call = useRealtimeVoice(documentId);
  const dispatch = useAppDispatch();
  const known = server.data !== undefined && (settings.data !== undefined || !isRegistered(user));
  const available = server.data?.serverKey === true || settings.data?.hasCustomOpenaiKey === true;
  const inCall = call.state === 'connecting' || call.state === 'connected';
  const reason = isRegistered(user)
    ? 'Voice needs an OpenAI-compatible realtime server: add your OpenAI API key in Settings.'
    : 'Voice needs an OpenAI-compatible realtime server, which this instance has not configured.';

  return (
    <section className={styles.voiceChat} aria-label="Voice chat">
      <div className={styles.voiceControls}>
        {inCall ? (
          <Button size="small" danger icon={<PhoneOutlined aria-hidden />} onClick={call.hangUp}>
            Hang up
          </Button>
        ) : (
          <Button
            size="small"
            icon={<AudioOutlined aria-hidden />}
            disabled={!known || !available}
            aria-describedby={known && !available ? reasonId : undefined}
            onClick={() => void call.connect()}
          >
            Start voice chat
          </Button>
        )}
        <span role="status" className={styles.voiceState} data-state={call.state}>
          {STATE_TEXT[call.state]}
        </span>
      </div>
      {known && !available && (
        <p id={reasonId} className={styles.voiceReason}>
          {reason}
        </p>
      )}
      {known && !available && isRegistered(user) && (
        // Settings is where the key goes, and the shell names it "View profile": the way there, at hand.
        <Button size="small" type="link" className={styles.voiceSettings} onClick={() => dispatch(openSettings())}>
          Open Settings
        </Button>
      )}
      {call.transcript.length > 0 && (
        <ol className={styles.voiceTranscript} aria-label="Voice transcript">
          {call.transcript.map((line) => (
            <li key={line.key}>
              <strong>{line.speaker === 'you' ? 'You' : 'AI'}:</strong> {line.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

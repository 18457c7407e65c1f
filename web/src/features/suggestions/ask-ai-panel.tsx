import { SUGGESTION_INSTRUCTION_MAX, SUGGESTION_PRESETS } from '@prd/proto';
import { Input } from 'antd';
import { useState } from 'react';
import styles from './suggestions.module.css';

interface Props {
  /** Asks the AI for a suggestion on the editor's selection. */
  onAsk: (instruction: string) => void;
}

/** Ask AI's choices in the selection's menu: the presets, or an instruction of one's own. */
export function AskAiPanel({ onAsk }: Props) {
  const [instruction, setInstruction] = useState('');
  return (
    <div role="group" aria-label="Ask AI" className={styles.askMenu}>
      {SUGGESTION_PRESETS.map((preset) => (
        // The selection stays in the editor while a preset is pressed.
        <button key={preset} type="button" className={styles.askPreset} onMouseDown={(event) => event.preventDefault()} onClick={() => onAsk(preset)}>
          {preset}
        </button>
      ))}
      <form
        className={styles.askForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (instruction.trim()) onAsk(instruction.trim());
        }}
      >
        <Input
          size="small"
          aria-label="Instruction for the AI"
          placeholder="Or tell the AI what to do…"
          maxLength={SUGGESTION_INSTRUCTION_MAX}
          value={instruction}
          onChange={(event) => setInstruction(event.target.value)}
        />
        <button type="submit" className={styles.askPreset} disabled={!instruction.trim()}>
          Ask
        </button>
      </form>
    </div>
  );
}

import { SUGGESTION_INSTRUCTION_MAX, SUGGESTION_PRESETS } from '@prd/proto';
import { Input } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import styles from './suggestions.module.css';

interface Props {
  /** Asks the AI for a suggestion on the editor's selection. */
  onAsk: (instruction: string) => void;
}

/** Pixels kept between the drop-down and the window's edges. */
const EDGE = 8;

/** Ask AI's choices in the selection's menu: the presets, or an instruction of one's own. */
export function AskAiPanel({ onAsk }: Props) {
  const [instruction, setInstruction] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  // It drops down under the menu's end; a menu near a phone's edge would put part of it off the screen: moved back in, once shown.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const { left, right } = element.getBoundingClientRect();
    const shift = left < EDGE ? EDGE - left : right > window.innerWidth - EDGE ? window.innerWidth - EDGE - right : 0;
    if (shift !== 0) element.style.translate = `${shift}px 0`;
  }, []);
  return (
    <div ref={panel} role="group" aria-label="Ask AI" className={styles.askMenu}>
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

/** @jest-environment jsdom */
import '../../test/dom-setup';
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ChatComposer } from './chat-composer';

function Harness({ onSend, pending = false }: { onSend: (text: string) => void; pending?: boolean }) {
  const [value, setValue] = useState('');
  return <ChatComposer value={value} onChange={setValue} onSend={onSend} pending={pending} showRealtimeButton />;
}

describe('ChatComposer', () => {
  it('sends the trimmed text on Enter and breaks the line on Shift+Enter', async () => {
    const onSend = jest.fn<(text: string) => void>();
    render(<Harness onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, '  first line{Shift>}{Enter}{/Shift}second line  ');
    expect(input).toHaveValue('  first line\nsecond line  ');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line');
  });

  it('never sends blank text, and disables Send while blank', async () => {
    const onSend = jest.fn<(text: string) => void>();
    render(<Harness onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(send).toBeDisabled();
  });

  it('disables sending while a send is pending, but not typing', async () => {
    const onSend = jest.fn<(text: string) => void>();
    render(<Harness onSend={onSend} pending />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'Hello{Enter}');
    expect(input).toHaveValue('Hello');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('shows the hint and the disabled realtime button', () => {
    render(<Harness onSend={() => undefined} />);
    expect(screen.getByText('Press Enter to send, Shift+Enter for new line')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Realtime Chat (Coming Soon)' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveStyle({ maxHeight: '160px' });
  });
});

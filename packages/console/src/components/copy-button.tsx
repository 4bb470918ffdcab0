/** Copies a text (a token shown once) and says so, for eyes and for screen readers. */
import { useState } from 'preact/hooks';
import { useConsole } from '../context.js';

export function CopyButton(props: { text: string; label: string }) {
  const { announce } = useConsole();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(props.text);
          setCopied(true);
          announce('Copied to the clipboard.');
        } catch {
          announce('The browser did not allow copying; select the text and copy it.');
        }
      }}
    >
      {copied ? 'Copied' : props.label}
    </button>
  );
}

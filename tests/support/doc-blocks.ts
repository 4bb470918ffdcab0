/**
 * The fenced blocks of a Markdown page, as the documentation test runs them. The page is read by
 * a Markdown parser (marked), so a fence inside a list item or after an HTML comment is found
 * as a reader's renderer finds it.
 */
import { marked, type Token, type Tokens } from 'marked';

/** What the documentation test does with a block, by its fence's language. */
export const BLOCK_KINDS = {
  shell: ['sh', 'bash', 'shell'],
  code: ['ts', 'typescript', 'js', 'javascript', 'mjs'],
  data: ['json', 'yaml', 'yml'],
  /** Output, transcripts and diagrams: shown, never run. */
  shown: ['text', ''],
} as const;

export type BlockKind = keyof typeof BLOCK_KINDS | 'unknown';

export interface DocBlock {
  /** The page's path from the repository's root, and the fence's line (1-based). */
  file: string;
  line: number;
  lang: string;
  kind: BlockKind;
  code: string;
  /** The reason given by `<!-- not runnable: <reason> -->` on the line before the fence. */
  notRunnable?: string;
}

const NOT_RUNNABLE = /^<!--\s*not runnable:\s*(.*?)\s*-->\s*$/;

function kindOf(lang: string): BlockKind {
  for (const [kind, langs] of Object.entries(BLOCK_KINDS)) {
    if ((langs as readonly string[]).includes(lang)) return kind as BlockKind;
  }
  return 'unknown';
}

/** Every fenced block of `markdown`, in page order. */
export function docBlocks(markdown: string, file: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = markdown.split('\n');
  let searchFrom = 0;
  const lineOf = (code: Tokens.Code): number => {
    // Tokens carry no positions: find the next fence line that opens this block.
    for (let i = searchFrom; i < lines.length; i++) {
      const fence = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(lines[i]!);
      if (fence !== null && fence[2] === (code.lang ?? '')) {
        const closing = lines.findIndex((l, j) => j > i && l.trim().startsWith(fence[1]!));
        searchFrom = closing === -1 ? i + 1 : closing + 1;
        return i + 1;
      }
    }
    return 0;
  };
  const walk = (tokens: Token[]) => {
    tokens.forEach((token, index) => {
      if (token.type === 'code' && (token as Tokens.Code).codeBlockStyle !== 'indented') {
        const code = token as Tokens.Code;
        const lang = (code.lang ?? '').trim().split(/\s+/)[0]!.toLowerCase();
        const before = tokens[index - 1];
        const marker = before?.type === 'html' ? NOT_RUNNABLE.exec(before.raw.trim()) : null;
        const block: DocBlock = { file, line: lineOf(code), lang, kind: kindOf(lang), code: code.text };
        if (marker !== null) block.notRunnable = marker[1]!;
        blocks.push(block);
        return;
      }
      const nested = token as { tokens?: Token[]; items?: Token[] };
      if (nested.items !== undefined) walk(nested.items);
      if (nested.tokens !== undefined) walk(nested.tokens);
    });
  };
  walk(marked.lexer(markdown));
  return blocks;
}

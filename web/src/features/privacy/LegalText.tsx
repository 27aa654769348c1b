import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/*
 * The privacy policy's and the terms' text as the admin writes it, in a small format: `## ` a
 * heading, `### ` a smaller one, `- ` a line of a list, an empty line between paragraphs, **bold**.
 * Written as React elements, never as HTML: whatever the text holds shows as text.
 */

/** **bold** within a line. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, i) => (part.startsWith('**') && part.endsWith('**') && part.length > 4 ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}

type Block = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'ul'; items: string[] };

export function legalBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim());
    if (!lines.length) continue;
    if (lines.every((line) => /^\s*- /.test(line))) {
      blocks.push({ kind: 'ul', items: lines.map((line) => line.replace(/^\s*- /, '')) });
    } else if (lines.length === 1 && lines[0]!.startsWith('### ')) {
      blocks.push({ kind: 'h3', text: lines[0]!.slice(4) });
    } else if (lines.length === 1 && lines[0]!.startsWith('## ')) {
      blocks.push({ kind: 'h2', text: lines[0]!.slice(3) });
    } else {
      blocks.push({ kind: 'p', text: lines.join(' ') });
    }
  }
  return blocks;
}

/** The text in blocks: headings one level under the page's title (h2, h3), paragraphs, lists. */
export function LegalText({ body }: { body: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, '& ul': { m: 0, pl: 3, display: 'grid', gap: 0.75 } }}>
      {legalBlocks(body).map((block, i) => {
        switch (block.kind) {
          case 'h2':
            return (
              <Typography key={i} variant="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' }, mt: 2 }}>
                {inline(block.text)}
              </Typography>
            );
          case 'h3':
            return (
              <Typography key={i} variant="h3" sx={{ fontSize: '1.1rem', mt: 1 }}>
                {inline(block.text)}
              </Typography>
            );
          case 'ul':
            return (
              <Box component="ul" key={i}>
                {block.items.map((item, j) => (
                  <Typography component="li" key={j}>
                    {inline(item)}
                  </Typography>
                ))}
              </Box>
            );
          default:
            return <Typography key={i}>{inline(block.text)}</Typography>;
        }
      })}
    </Box>
  );
}

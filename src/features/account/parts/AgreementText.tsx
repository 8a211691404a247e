import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The user agreement's Markdown as the server writes it (server/account/agreement/*.md): '## ' headings,
 * '- ' list items and paragraphs, nothing else; shown with antd's Typography, no HTML is ever injected.
 */
export function AgreementText({ content }: { content: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length === 0) return;
    const items = list;
    blocks.push(
      <ul key={`list-${blocks.length}`}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>,
    );
    list = [];
  };
  for (const line of content.split('\n')) {
    const text = line.trim();
    if (text.startsWith('- ')) {
      list.push(text.slice(2));
      continue;
    }
    flush();
    if (text === '') continue;
    const heading = /^#{2,4}\s+(.*)$/.exec(text);
    blocks.push(
      heading ? (
        <Typography.Title level={5} key={blocks.length}>
          {heading[1]}
        </Typography.Title>
      ) : (
        <Typography.Paragraph key={blocks.length}>{text.replace(/\*\*/g, '')}</Typography.Paragraph>
      ),
    );
  }
  flush();
  return <Typography>{blocks}</Typography>;
}

import type { ReactNode } from 'react';

/**
 * One entry of an antd List: a title line and a description, laid out and styled exactly as
 * `List.Item.Meta`, which wraps its title in an `<h4>`. An entry of a card (a fault, a share) is not a section
 * of the page, and an h4 under no h2 or h3 breaks the heading outline screen-reader users navigate by
 * (Lighthouse accessibility, 'heading-order').
 */
export function ListEntry({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="ant-list-item-meta">
      <div className="ant-list-item-meta-content">
        <div className="ant-list-item-meta-title">{title}</div>
        {description ? <div className="ant-list-item-meta-description">{description}</div> : null}
      </div>
    </div>
  );
}

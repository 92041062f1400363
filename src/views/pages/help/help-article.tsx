import { Fragment, type ReactNode } from 'react';
import { fillHelpText, type HelpBlock, type HelpSection } from '../../../services/help-content';
import { LocalLink } from '../../components/local-link';

/** A text with its params filled and its `backticked` parts (file names, extensions) set as code. */
function richText(text: string, params: Record<string, string>): ReactNode {
  return fillHelpText(text, params).split('`').map((part, index) =>
    (index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>));
}

function Block({ block, params }: { block: HelpBlock; params: Record<string, string> }) {
  if ('p' in block) return <p>{richText(block.p, params)}</p>;
  if ('h3' in block) return <h3>{richText(block.h3, params)}</h3>;
  if ('list' in block) return <ul>{block.list.map((item) => <li key={item}>{richText(item, params)}</li>)}</ul>;
  if ('links' in block) {
    return (
      <ul className="help-article__links">
        {block.links.map((link) => <li key={link.to}><LocalLink to={link.to}>{link.text}</LocalLink></li>)}
      </ul>
    );
  }
  const { caption, head, rows } = block.table;
  return (
    <div className="help-article__table">
      <table>
        <caption>{caption}</caption>
        <thead><tr>{head.map((cell) => <th key={cell} scope="col">{cell}</th>)}</tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) => (index === 0
                ? <th key={index} scope="row">{richText(cell, params)}</th>
                : <td key={index}>{richText(cell, params)}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One article of the knowledge centre, a region named by its heading, with a way back to the contents. */
export function HelpArticle({ section, params, toTop }: { section: HelpSection; params: Record<string, string>; toTop: string }) {
  const headingId = `help-${section.id}`;
  return (
    <section className="card help-article" aria-labelledby={headingId}>
      {/* The anchor the contents link to; focusable so that the keyboard lands where the eye does. */}
      <h2 id={headingId} tabIndex={-1}>{section.title}</h2>
      {section.blocks.map((block, index) => <Block key={index} block={block} params={params} />)}
      <p className="help-article__top"><a href="#help-contents">{toTop}</a></p>
    </section>
  );
}

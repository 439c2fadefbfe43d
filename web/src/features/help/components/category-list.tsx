import { Link } from 'react-router';
import { useLocalePath } from '@/lib/language';
import { categoryLink, type Category, type HelpLocation } from '../utils/faq-tree';
import { HelpLink } from './help-link';

/** Categories: a stage to open, or (with a link of its own or a configured path) a page to go to. */
export function CategoryList({
  categories,
  target,
  go,
}: {
  categories: readonly Category[];
  /** Where a category opens in the help centre. */
  target: (name: string) => HelpLocation;
  go: (next: HelpLocation) => void;
}) {
  const localePath = useLocalePath();
  return (
    <ul className="help-categories">
      {categories.map((category) => {
        const href = category.questions === 0 ? categoryLink(category) : undefined;
        const content = (
          <>
            <span className="help-categories__name">{category.name}</span>
            <span className="help-categories__chevron" aria-hidden="true">
              ›
            </span>
          </>
        );
        return (
          <li key={category.name}>
            {href?.startsWith('/') ? (
              <Link className="help-categories__item" to={localePath(href)}>
                {content}
              </Link>
            ) : href ? (
              <a className="help-categories__item" href={href} target="_blank" rel="noopener noreferrer">
                {content}
              </a>
            ) : (
              <HelpLink className="help-categories__item" to={target(category.name)} go={go}>
                {content}
              </HelpLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

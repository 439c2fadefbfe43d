import { questionLocation, type FaqItem, type HelpLocation } from '../utils/faq-tree';
import { HelpLink } from './help-link';

export function QuestionList({
  items,
  go,
  numbered = false,
}: {
  items: readonly FaqItem[];
  go: (next: HelpLocation) => void;
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className={numbered ? 'help-questions help-questions--numbered' : 'help-questions'}>
      {items.map((item) => (
        <li key={item.questionId}>
          <HelpLink className="help-questions__item" to={questionLocation(item)} go={go}>
            {item.question}
          </HelpLink>
        </li>
      ))}
    </List>
  );
}

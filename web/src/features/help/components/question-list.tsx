import type { FaqItem } from '../utils/faq-tree';

export function QuestionList({
  items,
  onOpen,
  numbered = false,
}: {
  items: readonly FaqItem[];
  onOpen: (item: FaqItem) => void;
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className={numbered ? 'help-questions help-questions--numbered' : 'help-questions'}>
      {items.map((item) => (
        <li key={item.questionId}>
          <button type="button" className="help-questions__item" onClick={() => onOpen(item)}>
            {item.question}
          </button>
        </li>
      ))}
    </List>
  );
}

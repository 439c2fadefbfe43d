import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@portal/contract/rules';

/**
 * The rules of spec §5 live in contract/src/rules.ts and answer in English (the spec's texts). The UI shows
 * them through i18n: each rule message maps to a `validation.*` key whose English text is the same string,
 * so the English page shows exactly what the rule says and other languages show their translation.
 */
const KEY_BY_TEXT = new Map<string, string>(
  Object.entries(MSG).map(([key, text]) => [text, `validation.${key}`]),
);

const AMOUNT_RE = new RegExp(`^(${MSG.minAmount}|${MSG.maxAmount}) (\\S+) (.+)$`);

export function ruleMessageKey(
  message: string,
): { key: string; values?: Record<string, string> } | undefined {
  const amount = AMOUNT_RE.exec(message);
  if (amount) {
    const [, prefix, currency, value] = amount;
    return {
      key: prefix === MSG.minAmount ? 'validation.minAmount' : 'validation.maxAmount',
      values: { currency: currency!, amount: value! },
    };
  }
  const key = KEY_BY_TEXT.get(message);
  return key ? { key } : undefined;
}

/** Translates a message returned by a rule of contract/src/rules.ts (unknown texts pass through). */
export function useRuleMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const mapped = ruleMessageKey(message);
      return mapped ? t(mapped.key, mapped.values) : message;
    },
    [t],
  );
}

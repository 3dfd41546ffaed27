import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';

/**
 * E3: the live counter under a text: "used / max", red and followed by the limit message while over the limit
 * (the caller then blocks saving). Shared by the rich-text editor and plain text fields.
 */
export function CharacterCounter({ used, max, id }: { used: number; max: number; id?: string }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const over = used > max;
  return (
    <>
      <Text
        id={id}
        size="xs"
        ta="right"
        mt={4}
        c={over ? 'red' : undefined}
        fw={over ? 700 : undefined}
        data-testid="rich-text-counter"
        data-over={over ? 'true' : 'false'}
        aria-live="polite"
      >
        {t('editor.counter', { used: number(used), max: number(max) })}
      </Text>
      {over && (
        <Text size="xs" c="red" role="alert">
          {t('editor.maxLengthError', { max: number(max) })}
        </Text>
      )}
    </>
  );
}

import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A secret address (a calendar feed's, a personal page's) shown read-only, selected on focus, with a button that
 * copies it; the labels are the caller's.
 */
export function SecretAddressField({
  address,
  label,
  copyLabel,
  copiedLabel,
  testId,
}: {
  address: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
  testId: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={address}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        data-testid={testId}
      />
      <CopyButton value={address}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? copiedLabel : copyLabel} withArrow>
            <ActionIcon
              size="lg"
              variant="default"
              onClick={copy}
              aria-label={copied ? copiedLabel : copyLabel}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './types';

const Editor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** The editor, loaded on demand. */
export function RichTextEditor(props: RichTextEditorProps) {
  const small = props.editorType === 0 || props.editorType === 5;
  return (
    <Suspense fallback={<Skeleton h={small ? 120 : 340} radius="sm" data-testid="rich-text-loading" />}>
      <Editor {...props} />
    </Suspense>
  );
}

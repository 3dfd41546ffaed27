import { Button, type ButtonProps } from '@mantine/core';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';

export const DOUBLE_CLICK_GUARD_MS = 1000;

/** P8: a submit button that ignores a second click within one second, and shows the pending state. */
export function SubmitButton({
  children,
  onClick,
  type = 'submit',
  ...props
}: ButtonProps & {
  children: ReactNode;
  onClick?: (e: MouseEvent<HTMLButtonElement>) => void;
  type?: 'submit' | 'button';
  form?: string;
}) {
  const last = useRef(0);
  const [guarded, setGuarded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A button gone (its modal closed on success) has no guard left to lift.
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      {...props}
      type={type}
      onClick={(event) => {
        const now = Date.now();
        if (now - last.current < DOUBLE_CLICK_GUARD_MS) {
          event.preventDefault();
          return;
        }
        last.current = now;
        setGuarded(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setGuarded(false), DOUBLE_CLICK_GUARD_MS);
        onClick?.(event);
      }}
      data-guarded={guarded || undefined}
    >
      {children}
    </Button>
  );
}

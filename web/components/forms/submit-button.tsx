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
  // The guard is lifted by its timer alone, the same that takes `data-guarded` away: a wall clock read here could lag
  // the timer by a millisecond on a busy machine and refuse a click that looks allowed.
  const held = useRef(false);
  const [guarded, setGuarded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A button gone (its modal closed on success) has no guard left to lift.
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      {...props}
      type={type}
      onClick={(event) => {
        if (held.current) {
          event.preventDefault();
          return;
        }
        held.current = true;
        setGuarded(true);
        timer.current = setTimeout(() => {
          held.current = false;
          setGuarded(false);
        }, DOUBLE_CLICK_GUARD_MS);
        onClick?.(event);
      }}
      data-guarded={guarded || undefined}
      data-click-guard=""
    >
      {children}
    </Button>
  );
}

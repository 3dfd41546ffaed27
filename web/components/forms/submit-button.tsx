import { Button, type ButtonProps } from '@mantine/core';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useMayWrite } from '../access/write-access';

export const DOUBLE_CLICK_GUARD_MS = 1000;

/**
 * P8: a submit button that ignores a second click within one second, and shows the pending state. A read-only user
 * (A4, `useMayWrite`) finds it disabled, the page's banner saying why, unless the form is one they may send
 * (`readOnlyAllowed`: their own settings).
 */
export function SubmitButton({
  children,
  onClick,
  type = 'submit',
  readOnlyAllowed = false,
  disabled,
  ...props
}: ButtonProps & {
  children: ReactNode;
  onClick?: (e: MouseEvent<HTMLButtonElement>) => void;
  type?: 'submit' | 'button';
  form?: string;
  readOnlyAllowed?: boolean;
}) {
  const readOnly = !useMayWrite() && !readOnlyAllowed;
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
      disabled={disabled || readOnly}
      data-read-only={readOnly || undefined}
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

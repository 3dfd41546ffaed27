import {
  ActionIcon,
  type ActionIconProps,
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef, MouseEvent } from 'react';

/**
 * Navigation is done with links, actions with buttons. These are Mantine's components as router links: each
 * renders `<a href>` with the page's real address, typed like the router's `Link` (`to`, `params`, `search`). A
 * plain click moves within the app; a middle or ctrl/cmd click opens a new tab, and the address can be copied.
 */
type As<P> = P & Omit<ComponentPropsWithRef<'a'>, keyof P>;

/** A menu entry (Mantine NavLink). */
export const NavLinkTo = createLink((props: As<NavLinkProps>) => <NavLink component="a" {...props} />);

/** A link in running text or a table cell (Mantine Anchor). */
export const AnchorTo = createLink((props: As<AnchorProps>) => <Anchor component="a" {...props} />);

/** A link that looks like a button: a page to go to, such as "Create a project" (Mantine Button). */
export const ButtonTo = createLink((props: As<ButtonProps>) => <Button component="a" {...props} />);

/** An icon link, named by its `aria-label` (Mantine ActionIcon). */
export const ActionIconTo = createLink((props: As<ActionIconProps>) => (
  <ActionIcon component="a" {...props} />
));

/** A click that moves within this tab (not one that opens a new tab or window), as the router's links tell them. */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

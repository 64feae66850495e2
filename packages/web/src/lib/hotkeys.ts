import { useHotkeys } from '@mantine/hooks';

/** Spec: Ctrl/Cmd+K focuses the global search; Ctrl+B toggles the side panel. `mod` is Cmd on macOS. */
export const HOTKEYS = { search: 'mod+K', sidePanel: 'mod+B' } as const;

/** Both work while typing in a field too: that is where a receptionist's hands are. */
export function useAppHotkeys(handlers: { search: () => void; sidePanel: () => void }): void {
  useHotkeys(
    [
      [HOTKEYS.search, handlers.search, { preventDefault: true }],
      [HOTKEYS.sidePanel, handlers.sidePanel, { preventDefault: true }],
    ],
    [],
  );
}

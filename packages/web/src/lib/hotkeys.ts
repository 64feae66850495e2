import { useHotkeys } from '@mantine/hooks';

/** Spec: Ctrl/Cmd+K focuses the global search; Ctrl+B toggles the side panel. `mod` is Cmd on macOS. */
export const HOTKEYS = { search: 'mod+K', sidePanel: 'mod+B' } as const;

/**
 * Shortcuts match the physical key (`event.code`), not the character it types: with an Arabic layout active, the
 * K key types ن, and Ctrl+K must still find the search.
 */
export const PHYSICAL = { preventDefault: true, usePhysicalKeys: true } as const;

/** Both work while typing in a field too: that is where a receptionist's hands are. */
export function useAppHotkeys(handlers: { search: () => void; sidePanel: () => void }): void {
  useHotkeys(
    [
      [HOTKEYS.search, handlers.search, PHYSICAL],
      [HOTKEYS.sidePanel, handlers.sidePanel, PHYSICAL],
    ],
    [],
  );
}

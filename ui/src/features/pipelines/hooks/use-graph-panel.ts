import { useCallback, useRef, useState } from 'react';
import { focusGraphNode } from '../components/graph/keyboard.ts';

/**
 * A graph's side panel: which node it shows, and where focus goes. Opened by keyboard (Enter on a
 * node), the panel's heading takes focus (`focusPanel` until `panelFocused`); closed (its ✕ or
 * Escape on the node), focus is on the node it showed, so the keyboard goes on from there.
 */
export function useGraphPanel() {
  const graph = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusPanel, setFocusPanel] = useState(false);
  const select = useCallback((nodeId: string, byKeyboard = false) => {
    setSelectedId(nodeId);
    setFocusPanel(byKeyboard);
  }, []);
  const close = useCallback(() => {
    if (selectedId) focusGraphNode(graph.current, selectedId);
    setSelectedId(null);
  }, [selectedId]);
  const panelFocused = useCallback(() => setFocusPanel(false), []);
  return { graph, selectedId, select, close, focusPanel, panelFocused };
}

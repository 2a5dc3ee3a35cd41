/**
 * Keeps a failure inside the search overlay from taking the header down with it: React unmounts
 * the whole island on an uncaught render or effect error, so this boundary catches it, logs it,
 * and closes search (spec §8: failed searches are only logged).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { closeSearch } from '../../stores/ui';

interface Props {
  children: ReactNode;
}

export default class SearchBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Search overlay failed', error, info.componentStack);
    closeSearch();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

import { Component, type ReactNode } from 'react';

/**
 * For what a page can do without (the test-mode banner): if it fails, it renders nothing instead of the screen's
 * error, which would replace the whole page.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

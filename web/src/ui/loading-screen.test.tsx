import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LOADING_DEFAULTS, LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  it('shows the spec defaults', () => {
    render(<LoadingScreen />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Please wait ...');
    expect(status.textContent).toContain('Hold on!');
    expect(status.textContent).toContain('We are loading the page for you');
    expect(LOADING_DEFAULTS).toEqual({
      wait: 'Please wait ...',
      holdOn: 'Hold on!',
      loadingMessage: 'We are loading the page for you',
    });
  });

  it('uses translated texts when given', () => {
    render(
      <LoadingScreen
        wait="Tafadhali subiri ..."
        holdOn="Subiri kidogo!"
        loadingMessage="Tunakuandalia ukurasa"
      />,
    );
    expect(screen.getByText('Tafadhali subiri ...')).toBeTruthy();
    expect(screen.getByText('Subiri kidogo!')).toBeTruthy();
    expect(screen.getByText('Tunakuandalia ukurasa')).toBeTruthy();
    expect(screen.queryByText('Hold on!')).toBeNull();
  });
});

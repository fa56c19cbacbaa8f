import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/hooks/use-toast';
import { ApiError, NetworkError, type ApiResult } from './api-client';
import { announceSuccess, handleServerError } from './handle-server-error';

const result = (method: ApiResult<unknown>['method'], path: string, message?: string): ApiResult<unknown> => ({
  data: null,
  message,
  method,
  path,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('global request notices', () => {
  it('reports a lost connection as a network error', () => {
    render(<Toaster />);
    act(() => handleServerError(new NetworkError()));
    expect(screen.getByText('Network Error')).toBeInTheDocument();
    expect(screen.getByText('Please check your internet connection')).toBeInTheDocument();
  });

  it("titles any failed response 'Error' with the server's message", () => {
    render(<Toaster />);
    act(() => handleServerError(new ApiError(409, 'Not enough licenses available.')));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Not enough licenses available.')).toBeInTheDocument();
  });

  it('announces a successful change with the server message, but not reads, reports or silence', () => {
    render(<Toaster />);
    act(() => announceSuccess(result('GET', 'User/me', 'Fetched')));
    act(() => announceSuccess(result('POST', '/Report', 'Report ready')));
    act(() => announceSuccess(result('POST', 'User/logout')));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => announceSuccess(result('POST', 'LicensePool?poolType=Pool', 'Pool created successfully')));
    expect(screen.getByText('Pool created successfully')).toBeInTheDocument();
  });

  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('keeps API notices for 8 seconds and other toasts for 5', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved locally' });
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Saved locally')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Saved locally')).not.toBeInTheDocument();

    act(() => {
      handleServerError(new ApiError(500, 'Server fault.'));
    });
    act(() => {
      vi.advanceTimersByTime(7900);
    });
    expect(screen.getByText('Server fault.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Server fault.')).not.toBeInTheDocument();
  });
});

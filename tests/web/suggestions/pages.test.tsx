import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ProductSuggestions from '../../../src/features/suggestions/ProductSuggestions';
import { session } from '../../../src/api/session';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../render-portal';
import { server } from '../setup';

/** /productRecommendationsList: new and edit open the spec's own pages, not the drawer. */
const suggestion = { id: 7, title: 'Show the battery temperature', product: 'app', status: 'submitted', created_by: 'u' };

function Location() {
  return <output data-testid="location">{useLocation().pathname + useLocation().search}</output>;
}

const asked: Record<string, unknown>[] = [];

function render() {
  server.use(
    http.post('/api/ProductSuggestion/GetProductSuggestionPageList', async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { data: [suggestion], dataCount: 1 }, 'Success'));
    }),
  );
  signIn(['admin']);
  renderAt(
    '/productRecommendationsList',
    '*',
    <>
      <ProductSuggestions />
      <Location />
    </>,
    [{ name: 'productRecommendationsList', list: '/productRecommendationsList' }],
  );
}

describe('the suggestion list', () => {
  it('asks for the rows per page the staff member chose in their settings (10 when none)', async () => {
    asked.length = 0;
    session.setListPageSize(50);
    render();
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ pageIndex: 1, pageSize: 50 }));
    session.setListPageSize(null);
  });

  it("'New' opens /addProductSuggestion", async () => {
    render();
    fireEvent.click(await screen.findByTestId('resource-create'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/addProductSuggestion$/));
    expect(screen.queryByTestId('resource-drawer')).toBeNull();
  });

  it('a row’s edit opens /productRecommemdationsEdit?id=', async () => {
    render();
    fireEvent.click((await screen.findAllByTestId('row-edit'))[0]!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/productRecommemdationsEdit\?id=7$/));
  });
});

import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InstallerContactCard } from '../../../src/features/monitoring/dashboard/InstallerContactCard';
import { i18n } from '../../../src/i18n';
import { server } from '../setup';
import { renderAt, signIn } from './render';

const contact = {
  company: 'Sole Impianti S.r.l.',
  name: 'Marco Rossi',
  phone: '+39 02 5550 1234',
  email: 'assistenza@sole-impianti.example',
};

/** Answers GetInstallerContact with `data` and records the S/Ns asked for. */
function answer(data: unknown) {
  const asked: string[] = [];
  server.use(
    http.post('*/api/Account/GetInstallerContact', async ({ request }) => {
      asked.push(((await request.json()) as { sn: string }).sn);
      return HttpResponse.json({ code: 200, data, info: 'Success' });
    }),
  );
  return asked;
}

describe("the installer's contact on the customer's dashboard", () => {
  it('shows the company, the name, a tel: link and a mailto: link for the system shown', async () => {
    signIn(['customer']);
    const asked = answer(contact);
    renderAt(<InstallerContactCard sn="ESS2023IT1042" />);
    expect(await screen.findByText('Your installer')).toBeInTheDocument();
    expect(screen.getByText('Sole Impianti S.r.l.')).toBeInTheDocument();
    expect(screen.getByText('Marco Rossi')).toBeInTheDocument();
    expect(screen.getByText('+39 02 5550 1234').closest('a')).toHaveAttribute('href', 'tel:+390255501234');
    expect(screen.getByText('assistenza@sole-impianti.example').closest('a')).toHaveAttribute(
      'href',
      'mailto:assistenza@sole-impianti.example',
    );
    expect(asked).toEqual(['ESS2023IT1042']);
  });

  it('leaves out what the installer did not give, in the reader’s language', async () => {
    signIn(['sharer']);
    answer({ ...contact, name: '', email: '' });
    await i18n.changeLanguage('de');
    renderAt(<InstallerContactCard sn="ESS2023IT1042" />);
    expect(await screen.findByText('Ihr Installateur')).toBeInTheDocument();
    expect(screen.getByText('+39 02 5550 1234')).toBeInTheDocument();
    expect(screen.queryByText('Marco Rossi')).toBeNull();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('is absent when the installer set no contact, and when the call is refused', async () => {
    signIn(['customer']);
    const asked = answer(null);
    const { container, unmount } = renderAt(<InstallerContactCard sn="ESS-A" />);
    await waitFor(() => expect(asked).toEqual(['ESS-A']));
    expect(container.querySelector('[data-testid="installer-contact"]')).toBeNull();
    unmount();

    let refused = 0;
    server.use(
      http.post('*/api/Account/GetInstallerContact', () => {
        refused++;
        return HttpResponse.json({ code: 45, data: null, info: 'No permission' });
      }),
    );
    const again = renderAt(<InstallerContactCard sn="ESS-B" />);
    await waitFor(() => expect(refused).toBe(1));
    expect(again.container.querySelector('[data-testid="installer-contact"]')).toBeNull();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import ForgetPasswordPage from '../../src/features/account/ForgetPasswordPage';
import ForgetUserNamePage from '../../src/features/account/ForgetUserNamePage';
import LoginPage from '../../src/features/account/LoginPage';
import ResetPasswordPage from '../../src/features/account/ResetPasswordPage';
import ShareRegisterPage from '../../src/features/account/ShareRegisterPage';
import { envelope } from './helpers';
import { server } from './setup';

/** The public routes of App.tsx around the page under test, so that its links and buttons really navigate. */
function openAt(path: string) {
  const page = (element: ReactNode) => <App>{element}</App>;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Login" element={page(<LoginPage />)} />
        <Route path="/shareRegister" element={page(<ShareRegisterPage />)} />
        <Route path="/ForgetPassword" element={page(<ForgetPasswordPage />)} />
        <Route path="/ResetPassword" element={page(<ResetPasswordPage />)} />
        <Route path="/ForgetUserName" element={page(<ForgetUserNamePage />)} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** Answers `answer` at `path` and keeps the bodies it received. */
function answering(path: string, answer: ReturnType<typeof envelope>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`/api${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(answer);
    }),
  );
  return bodies;
}

describe('the login page', () => {
  it('leads to the password and user-name recovery pages', async () => {
    openAt('/Login');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot user name?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your user name?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
  });
});

describe('/shareRegister', () => {
  it('checks the token, then registers the invited person and leads to the login', async () => {
    const checked = answering('/Account/CheckSharerAccount', envelope(200, { email: 'friend@example.com' }));
    const registered = answering('/Account/RegisterSharerAccount', envelope(200));
    openAt('/shareRegister?token=tok-1');
    expect(await screen.findByText(/was shared with friend@example\.com/)).toBeInTheDocument();
    expect(checked).toEqual([{ token: 'tok-1' }]);

    click('Create account');
    expect(await screen.findByText('Please enter a user name')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument();
    type('User name', 'jo');
    type('Password', 'lettersonly');
    type('Confirm password', 'something-else1');
    expect(await screen.findByText('The user name has 3 to 64 characters')).toBeInTheDocument();
    expect(await screen.findByText('At least 8 characters with letters and digits')).toBeInTheDocument();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(registered).toEqual([]);

    type('User name', ' friend ');
    type('Password', 'sunny-roof-7');
    type('Confirm password', 'sunny-roof-7');
    click('Create account');
    expect(await screen.findByText('Your account is ready')).toBeInTheDocument();
    expect(registered).toEqual([{ token: 'tok-1', username: 'friend', password: 'sunny-roof-7' }]);
    click('Log in');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
  });

  it('says clearly when the invitation expired or was used', async () => {
    answering('/Account/CheckSharerAccount', envelope(12, null, 'Link expired'));
    openAt('/shareRegister?token=old');
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used any more' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the owner of the system to share it with you again/)).toBeInTheDocument();
  });

  it('without a token asks nothing of the server and says the link cannot be used', async () => {
    openAt('/shareRegister');
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used any more' })).toBeInTheDocument();
  });

  it('shows a taken user name at the field', async () => {
    answering('/Account/CheckSharerAccount', envelope(200, { email: 'friend@example.com' }));
    answering('/Account/RegisterSharerAccount', envelope(50, null, 'Username exists'));
    openAt('/shareRegister?token=tok-2');
    await screen.findByText(/was shared with/);
    type('User name', 'customer');
    type('Password', 'sunny-roof-7');
    type('Confirm password', 'sunny-roof-7');
    click('Create account');
    expect(await screen.findByText('Username already exists')).toBeInTheDocument();
  });
});

describe('/ResetPassword', () => {
  it('sends the token and the new password, then leads to the login', async () => {
    const bodies = answering('/Account/ResetPasswords', envelope(200));
    openAt('/ResetPassword?token=reset-1');
    type('New password', 'new-secret-9');
    type('Confirm password', 'new-secret-9');
    click('Save password');
    expect(await screen.findByText('Your password was changed')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'reset-1', newPassword: 'new-secret-9' }]);
  });

  it('an expired or used link offers a new one', async () => {
    answering('/Account/ResetPasswords', envelope(12, null, 'Link expired'));
    openAt('/ResetPassword?token=used');
    type('New password', 'new-secret-9');
    type('Confirm password', 'new-secret-9');
    click('Save password');
    expect(await screen.findByText('This link cannot be used any more')).toBeInTheDocument();
    click('Ask for a new link');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it("a sharer whose shares expired sees code 98's message", async () => {
    answering('/Account/ResetPasswords', envelope(98, null, 'Share expired, cannot recover password'));
    openAt('/ResetPassword?token=t');
    type('New password', 'new-secret-9');
    type('Confirm password', 'new-secret-9');
    click('Save password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Share expired, cannot recover password');
  });
});

describe('/ForgetPassword and /ForgetUserName', () => {
  it('asks for a reset link and says where it went', async () => {
    const bodies = answering('/Account/ForgetPassword', envelope(200));
    openAt('/ForgetPassword');
    click('Send link');
    expect(await screen.findByText('Please enter your user name or e-mail')).toBeInTheDocument();
    type('User name or e-mail', ' customer ');
    click('Send link');
    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'customer' }]);
  });

  it("shows the server's code: 98 for an expired sharer", async () => {
    answering('/Account/ForgetPassword', envelope(98, null, 'x'));
    openAt('/ForgetPassword');
    type('User name or e-mail', 'sharer');
    click('Send link');
    expect(await screen.findByRole('alert')).toHaveTextContent('Share expired, cannot recover password');
  });

  it('checks the address before asking for the user name', async () => {
    const bodies = answering('/Account/ForgetUserName', envelope(200));
    openAt('/ForgetUserName');
    type('E-mail', 'someone@mail');
    expect(await screen.findByText('E-mail format incorrect, please enter again')).toBeInTheDocument();
    type('E-mail', 'someone@mail.example');
    click('Send user name');
    expect(await screen.findByText('We sent your user name to someone@mail.example.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'someone@mail.example' }]);
  });

  it('an unknown address shows 11', async () => {
    answering('/Account/ForgetUserName', envelope(11, null, 'Email does not exist'));
    openAt('/ForgetUserName');
    type('E-mail', 'nobody@mail.example');
    click('Send user name');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Email does not exist'));
  });
});

auth-register-title = Register a team
auth-register-lede = A team uploads predictions and gets them scored against the held-out answer key.{" "}
auth-already-registered = Already registered?{" "}
auth-sign-in-link = Sign in
auth-team-name = Team name
auth-email = Email
auth-new-password = Password (at least 10 characters)
auth-register-button = Register
auth-signin-title = Sign in
auth-new-here = New here?{" "}
auth-register-link = Register a team
auth-password = Password
auth-signin-button = Sign in
auth-register-email = We will send a link to your address: your team can upload once you have opened it. One address registers one team.
auth-register-approved = An organiser lets each new team in: you can sign in and set up your team meanwhile, and upload once it is let in. One address registers one team.
mail-verify-subject = Verify your address for the MedAraBench leaderboard
mail-verify-body = Someone registered a team on the MedAraBench leaderboard with this address. Open this link within two days to verify it; the team can upload once it is verified:

    { $link }

    If this was not you, ignore this message: nothing will be uploaded in your name.

# Resetting a forgotten password, and joining a team by invitation.
mail-reset-subject = A new password for the MedAraBench leaderboard
mail-reset-body = Someone asked to set a new password for the MedAraBench leaderboard account of this address. Open this link within one hour to choose one (it works once, and signs out every other session):

    { $link }

    If this was not you, ignore this message: your password stays as it is.
mail-invite-subject = An invitation to join { $team } on the MedAraBench leaderboard
mail-invite-body = A member of the team { $team } invites you to join it on the MedAraBench leaderboard. Open this link within seven days to choose your password (it works once):

    { $link }

    If you do not know the team, ignore this message.
auth-forgot = Forgot your password?
auth-reset-title = Reset your password
auth-reset-intro = Give the address you sign in with: if a member has it, a link to choose a new password is on its way. It works for one hour, once.
auth-reset-send = Send the link
auth-reset-sent = If a member has that address, a link to choose a new password is on its way: it works for one hour, once. No mail after a few minutes? Look in the spam folder, or ask the board's operators for a link.
auth-reset-new-title = Choose a new password
auth-reset-new-intro = Choosing it signs you out everywhere else.
auth-reset-password = New password (10 to 256 characters)
auth-reset-save = Set the password
auth-reset-dead = This link no longer works: it was used, or it expired (links work for one hour). Ask for a new one.
auth-reset-ask-again = Ask for a new link
auth-join-title = Join a team
auth-join-intro = You are invited to join { $team } on the MedAraBench leaderboard as { $email }. Choose a password to sign in with.
auth-join-password = Password (10 to 256 characters)
auth-join-submit = Join the team
auth-join-dead = This invitation no longer works: it was used, or it expired (invitations work for seven days). Ask the team for a new one.

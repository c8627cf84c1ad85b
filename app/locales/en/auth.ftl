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

submit-title = How to submit
submit-lede = Score your model on the MedAraBench test split and put it on the leaderboard: create a team, predict every test question, check the file offline, then upload it from the command line or over the API.
submit-steps-heading = Steps
submit-web-intro = In a browser instead:
submit-web-register = register a team
submit-web-upload = upload predictions
submit-formats-heading = File formats
submit-csv-intro = CSV with a header row containing question_id and answer:
submit-jsonl-intro = JSON Lines, one object a line, with question_id and either answer (a letter) or response (the model's raw output):
submit-letters-caption = Accepted answer letters.
submit-col-letter = Letter
submit-col-arabic = Arabic forms
submit-extraction-heading = Reading a letter from a response
submit-extraction-intro = The rules are fixed, public and deliberately conservative. The first rule that finds a letter decides; if it finds two different letters, the response is ambiguous (unparsed).
submit-extraction-examples = Examples
submit-standalone = A letter must stand alone: ب inside باب, د inside دواء and B in B12 are never letters. Nothing else is read: if your model's outputs are not covered, extract the letters yourself and submit an answer column.
submit-full-protocol = The full protocol, with every phrase and example:
submit-cli-heading = From the command line
submit-cli-intro = The medarabench binary scores a file offline against the public test CSV, then uploads it:
submit-server-note = SERVER is this site's address; TOKEN is your API token.
submit-api-heading = Over the API
submit-api-intro = Register once, get a token, then send each file as multipart form data:
submit-api-fields = Optional fields: model_url, notes, and benchmark (medarabench, the default, or medarabiq). A raw CSV or JSON Lines body with ?model_name= works too. Errors come back as JSON naming the problem.
submit-api-description = The whole API, every operation with its parameters, answers and errors, is described in OpenAPI 3.1:
submit-quota-heading = Quotas
submit-quota = Each team may submit { $daily } files per UTC day and { $total } in total on this server (the default is 5 per UTC day). Over the quota the API answers 429 with a Retry-After header.
submit-quota-client = Uploads are also counted per client address, across all teams: at most { $n } { PLURAL($n) ->
        [one] upload
       *[other] uploads
    } from one address per UTC day, private ones included (a repeat of an earlier upload counts nothing). Over it the API answers 429 with the code client_quota_exceeded.
submit-quota-registrations = One client address may register at most { $n } { PLURAL($n) ->
        [one] team
       *[other] teams
    } per UTC day (429 with the code registration_limit beyond that).
submit-steps-1 = Create a team and get an API token. The token is shown once: keep it.
submit-steps-2 = Run your model on every question of the test split and write one prediction per question.
submit-steps-3 = Check the file offline with medarabench score against the public test CSV.
submit-steps-4 = Upload it with medarabench submit or over the API; the answer carries the scores.
submit-extraction-rules-1-name = Lone letter
submit-extraction-rules-1-text = the whole response is one letter, with optional brackets, punctuation or markdown
submit-extraction-rules-2-name = Answer phrase
submit-extraction-rules-2-text = “answer”, “correct option”, “الإجابة”, “الجواب”, “الخيار الصحيح”… then a letter
submit-extraction-rules-3-name = Leading label
submit-extraction-rules-3-text = the response starts with a letter followed by ), ], ., :, - or –
submit-extraction-rules-4-name = Bold letter
submit-extraction-rules-4-text = a letter in bold anywhere
submit-extraction-rules-5-name = Option mention
submit-extraction-rules-5-text = “option”, “choice”, “letter”, “الخيار”, “اختيار”, “الحرف”… then a letter
submit-extraction-rules-6-name = Letter line
submit-extraction-rules-6-text = a line that is nothing but one letter
submit-rules-1 = answer: one letter A-F in either case, or its Arabic letter (table); surrounding spaces and punctuation are allowed.
submit-rules-2 = response: the letter is read with the extraction protocol below; a row where no single letter can be read counts as wrong and is reported as unparsed.
submit-rules-3 = UTF-8 with or without BOM; LF or CRLF line ends; at most { $size }.
submit-rules-4 = Questions missing from the file count as wrong (reported as missing). Questions the answer key itself rejects are accepted and not scored (ignored).
submit-rules-5 = Unknown or duplicate question ids, a wrong header, an unreadable or oversized file: the whole file is refused with a message naming the line, and nothing is stored.

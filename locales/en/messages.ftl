# The sentences of a game in English, as Project Fluent messages
# (https://projectfluent.org/fluent/guide/). hector fills in the variables:
#   $color $winner  a side, worded by `side`
#   $seat           a seat, worded by `seat`
#   $time …         a time, worded with the unit-* messages
#   $moves          a number of moves (unit-move); $count its number
# An attribute named like a variable (`.time = acc`, `.seat = dat`) asks
# for that variable in a grammatical case; without one it is nominative.
# Plural categories are CLDR's (one/few/many/other), chosen by $n or $count.

## Words that agree: sides, seats, pieces, units of time and moves.

side = { $side ->
    [white] White
   *[black] Black
}
seat = { $seat ->
    [white] white player
    [black] black player
    [assistant] assistant
    [assistant-white] assistant of the white player
    [assistant-black] assistant of the black player
   *[arbiter] arbiter
}
piece = { $count ->
    [one] { $side ->
        [white] { $piece ->
            [king] white king
            [queen] white queen
            [rook] white rook
            [bishop] white bishop
            [knight] white knight
           *[pawn] white pawn
        }
       *[black] { $piece ->
            [king] black king
            [queen] black queen
            [rook] black rook
            [bishop] black bishop
            [knight] black knight
           *[pawn] black pawn
        }
    }
   *[other] { $side ->
        [white] { $piece ->
            [king] white kings
            [queen] white queens
            [rook] white rooks
            [bishop] white bishops
            [knight] white knights
           *[pawn] white pawns
        }
       *[black] { $piece ->
            [king] black kings
            [queen] black queens
            [rook] black rooks
            [bishop] black bishops
            [knight] black knights
           *[pawn] black pawns
        }
    }
}
unit-hour = { $n ->
    [one] { $words } hour
   *[other] { $words } hours
}
    .gender = n
unit-minute = { $n ->
    [one] { $words } minute
   *[other] { $words } minutes
}
    .gender = n
unit-second = { $n ->
    [one] { $words } second
   *[other] { $words } seconds
}
    .gender = n
unit-move = { $n ->
    [one] { $words } move
   *[other] { $words } moves
}
    .gender = n

## The talking clock (hector clock, play): phrases around the times the
## unit messages word.

clock-less_than_a_minute = less than a minute
clock-side_time = { $side } { $time }
clock-side_moves = { $side } { $moves }
clock-status = { $white }, { $black }, { $moves }, { $turn }
clock-moves = { $white }, { $black }
clock-turn = { $side } to move
clock-own_time = Your time: { $time }
clock-time_used = Time used: { $white }, { $black }; { $moves }
clock-opponent_time = Opponent: { $time }
clock-warning = { $side }: { $time }
clock-low_time = Warning, { $side }: { $time }
clock-flag = { $side }: flag fallen
clock-flag_win = { $side }'s flag has fallen. { $opponent } wins.
clock-flag_draw = { $side }'s flag has fallen. Draw, because { $opponent } cannot checkmate.
clock-period_added = { $side }: next period, { $time }
clock-paused = Clock paused
clock-resumed = Clock running again
clock-not_started = The clock has not started yet

## The sentences of a game (hector session, play, serve).

welcome = hector: { $language }. Say or type help for the commands.
eboard_gone = The DGT board cannot be reached; hector keeps trying.
eboard_back = The DGT board is connected again.
braille_gone = The Braille display cannot be reached; hector keeps trying.
braille_back = The Braille display is connected again.
microphone_gone = The microphone cannot be reached; hector keeps trying. Please type your moves or tell them to the assistant.
microphone_back = The microphone is connected again.
braille_unavailable = The Braille display cannot start. { $why }
voice_unavailable = Voice input cannot start. { $why }
voice_no_whisper_model = The { $engine } speech model is missing ({ $file }); hector hears with { $fallback } alone. Run { $command } to fetch it.
readback = { $move }?
moved = { $color }: { $move }.
moved_via = { $color }: { $move } (entered by the { $seat }).
choice = { $count } possibilities: { $list }. Say the number.
choice_item = { $number }, { $move }
promotion = Which piece? { $pieces }.
cancelled = Taken back. Please announce your move again.
not_understood = Not understood: { $heard }. Please repeat.
not_understood_empty = Nothing understood. Please repeat.
not_your_turn = It is not your move.
not_your_right = Only the arbiter may do that: { $command }.
not_your_right_seat = Your seat may not do that: { $command }.
nothing_pending = There is no move to confirm.
awaiting_player = The blind player's announced move waits for his yes or no.
out_of_range = Please say a number from one to { $max }.
game_over = The game is over.
adjourned_no_move = The game is adjourned: no move until it is resumed.
no_clock = This game has no clock.
incomplete_where = Say which kind of piece, for example: where are my knights.
incomplete_rank = Say which rank, one to eight.
incomplete_file = Say which file, Anna to Hector.
incomplete_claim = Claim what: claim threefold, claim fifty, or claim flag.
incomplete_adjourn = Say the move you seal after adjourn.
incomplete_correct = Say: correct blind or sighted, the half-move number and the move.
incomplete_set = Say the player and the time, for example: set time white 5:00.
incomplete_result = Say the result: 1-0, 0-1 or draw.
incomplete_shows = Say what the board shows: a FEN, or squares like e5=N f3=-.
bad_line = That input line cannot be read: { $problem }.
bad_utf8 = That line is not readable text (not UTF-8); it is ignored and the game goes on.
too_long = That line is far too long; it is ignored and the game goes on.
clock_stopped_by_arbiter = The arbiter has stopped the clocks; no move until they run again.
clock_already_running = The clock is already running.
clock_already_stopped = The clock is already stopped.
clock_game_over = The game is over; the clock is not started again.
clock_paused = The clock is stopped; start it first.
clock_not_paused = The clock is not stopped.
clock_time_went_back = That time is before a time the clock has already counted.
clock_too_much_time = A clock holds at most { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}; that is not a time for a game.
clock_unavailable = The clock cannot do that now.
claim_not_to_move = Only the player to move may claim a draw.
move_not_legal = That move is not legal here.
no_such_half_move = That half-move was not made in this game, or not by that player.
nothing_to_retrace = The scoresheets agree; there is nothing to retrace.
nothing_sealed = No sealed move is written yet.
ended_before_resumption = The game ended before resumption; the envelope is not opened.
already_resumed = The game has been resumed; it ends by the ordinary rules.
cannot_be_done = That cannot be done in this game.
line_time_before_last = That command's time is before the last command's time.
line_bad_board = That board cannot be read; give a FEN or squares like e5=N f3=-.
line_no_entry = The scoresheet has no such half-move.
line_empty_entry = A scoresheet entry cannot be empty.
incomplete_present = Say which player: present white or present black.
clock_not_started = The clocks have not been started; the arbiter starts them, then the game begins.
rules_problem = { $reason }
no_draw_offer = There is no draw offer.
draw_already_offered = A draw offer is already open.
draw_too_early = The tournament regulations allow no draw offer or agreement before move { $number }.
not_adjourned = The game is not adjourned.
answer_time = { $color }: { $time }.
answer_my_time = Your time: { $time }.
answer_opponent_time = Your opponent's time: { $time }.
answer_used = { $color }: { $time } used, { $moves }.
answer_moves = { $color }: { $moves } completed.
answer_none = No move yet.
answer_pieces = { $piece }: { $list }.
answer_empty = empty
answer_none_left = none
help = Say a move: piece and square, for example Springer Felix drei, or Kurze Rochade; then yes to confirm, no to take it back. Questions: my time, opponent time, time, time used, moves, last move, repeat, where are my knights, rank four, file Eva, board, sheet. Draw, accept, decline, claim threefold or fifty, resign, adjourn, arbiter.
help_opponent = Your commands besides moves: { $list }.
help_assistant = The assistant's commands: type the move of the player to move to relay it; besides: { $list }.
help_arbiter = The arbiter's commands: { $list }.
to_move = { $color } to move.
result_line = { $text }
alert = Low time: { $time } left.
flag = { $color }'s flag has fallen.
clock_started = The clock is running.
clock_stopped = The clock is stopped.
clock_set = The arbiter set { $color }'s time to { $time }.
clock_added = The arbiter added { $time } to { $color }'s time.
clock_granted = { $color } gets { $time } more, as the Laws give it.
clock_cut = { $color }'s time is now { $time }, as the Laws give it.
clock_moves = The arbiter set { $color }'s moves to { $count }.
clock_pressed = { $color } pressed the clock.
draw_offered = { $color } offers a draw.
draw_declined = { $color } declines the draw.
boards_agree = The boards agree again.
guidance_head = The { $board } board differs: { $lines }
arbiter_called = The arbiter is called by { $seat }.
arbiter_touched = The assistant reports that the sighted player touched a piece{ $detail }.
arbiter_touched_by = The { $seat } reports that the opponent touched a piece{ $detail }.
arbiter_flag_claim = The assistant claims a win on time.
flag_not_fallen = The opponent's flag has not fallen; the game goes on.
arbiter_flag_claim_by = A win on time is claimed by the { $seat }.
decision_correct_board = the scoresheets agree; the player whose board differs puts it right.
decision_retrace = the scoresheets differ; the arbiter retraces the moves to where they agree.
arbiter_boards_differ = The two boards differ: { $detail }
arbiter_assistant_missing = An assistant is compulsory at this board{ $laws ->
    [2005] {""}
    [2009] {""}
   *[other] {" (D.2.11)"}
} and none is present.
arbiter_illegal = { $seat } claims an illegal move.
arbiter_interrupted = The game was interrupted.
arbiter_flag = A flag has fallen: { $detail }.
retraced = The game is retraced to half-move { $ply }. The position and the clocks are set back.
sheet_corrected = The { $board } scoresheet: half-move { $ply } is now { $san }.
penalty = Illegal move by { $color }. The position before it is restored; { $winner } gets { $time }.
penalty_kept = Illegal move by { $color }: { $winner } gets { $time }. The position was not changed.
arbiter_present = Present for the opening of the envelope: { $seat }.
arbiter_board_put_right = The board is put right, says the { $seat }; the arbiter checks it and says fixed.
not_present = The envelope may be opened only when the player who answers the sealed move is present.
tampered = The envelope does not match its seal: it was changed after sealing.
adjourned = { $color } has sealed move { $number }. The game is adjourned and the clock is stopped.
envelope_read = Envelope: { $white_name } against { $black_name }. { $color } sealed move { $number }. Time used: { $white } { $white_time }, { $black } { $black_time }. Resumption: { $resumption }.
adjourned_early = Adjourned before the end of the session: { $time } taken from { $color }'s clock ({ $laws ->
    [2005] {"A1(b)"}
    [2009] {"Guidelines 1(b)"}
   *[other] {"I.1.2"}
}).
sealed_move_loses = The sealed move cannot be played: { $color } loses ({ $laws ->
    [2005] {"A8"}
    [2009] {"Guidelines 8"}
   *[other] {"Guidelines I.8"}
}).
sealed_move_draw = The sealed move cannot be played, but { $winner } cannot checkmate: draw ({ $laws ->
    [2005] {"A8, Article 6.10"}
    [2009] {"Guidelines 8, Article 6.9"}
   *[other] {"Guidelines I.8, Article 6.9"}
}).
result_arbiter = The arbiter declares the result: { $result }.
sealed = Your sealed move: { $move }. It stays secret until the envelope is opened.
resumed = The envelope is opened and the game resumed.
interrupted = The game was interrupted for { $time }. The clocks are stopped until the arbiter starts them.
hall_untrusted = This board has no hall key (--hall-key or HECTOR_HALL_KEY): it plays and keeps its journal, but the tournament hall will not trust its messages and will not show its game.
serve_journal = This board's journal: { $file }.
board_blind = blind player's
board_sighted = sighted player's
command_move = make a move
prefix_white = White
prefix_black = Black
prefix_assistant = Assistant
prefix_arbiter = Arbiter
help_seats = At the shared terminal a line is the blind player's; for another seat start it with the seat's name and a colon: { $seats }, for example "black: my time" or "arbiter: time".
help_stop = To stop: type quit, or press Ctrl-C or Ctrl-D; the game is saved and hector says where.

## The game saved when play ends, and boards that never differed.

game_saved = Game saved: { $file }.
game_not_saved = The game could not be saved ({ $file }): { $why }.
boards_in_order = The boards agree.

## The arbiter's questions before an irreversible act, the envelope
## and resumption, absence (6.7), D.2.1 repeated, two assistants (D.2.10).

confirm_resign = Resign? Say yes or no.
confirm_result = Declare the result { $result }? Say yes or no.
confirm_illegal = Penalise an illegal move by { $color }? Say yes or no.
confirm_illegal_at = Penalise the illegal move by { $color } at half-move { $ply } and set the game back before it? Say yes or no.
confirm_set_time = Set { $color }'s time to { $time }? Say yes or no.
confirm_add_time = Add { $time } to { $color }'s time? Say yes or no.
confirm_set_moves = Set { $color }'s moves to { $count }? Say yes or no.
confirm_absent = { $color } absent: record it ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}: after the default time the absent player loses)? Say yes or no.
cancelled_act = Cancelled: nothing is done.
incomplete_resumption = Say the date, time and place of resumption, for example: resumption 2026-11-26 10:00 Hall B.
incomplete_absent = Say which player: absent white or absent black.
incomplete_arrived = Say which player: arrived white or arrived black.
resumption_set = Resumption: { $date } at { $hour }, { $place }.
resumption_none = not set
resumption_when = { $date } at { $hour }, { $place }
envelope_written = The envelope is written to { $file } (sealed, for the arbiter) and { $page } (to print).
envelope_not_written = The envelope could not be written: { $why }.
arbiter_absent = The arbiter notes: { $seat } is absent.
arbiter_arrived = The arbiter notes: { $seat } has arrived.
result_absent = { $color } did not arrive within the default time: { $winner } wins ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_absent_both = Neither player arrived within the default time: both lose ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_both_flags = Both flags have fallen: the game is drawn ({ $laws ->
    [2005] {"B9"}
   *[other] {"A.4(d)"}
}).
repeated_on_board = { $color } has made the move on his board.
nothing_to_repeat = There is no move of the blind player to repeat.
no_press_owed = No clock press is owed: the sighted player has not moved since the clock was last pressed.
prefix_assistant-white = Assistant (White)
prefix_assistant-black = Assistant (Black)
assistant_per_player = Both players are blind: each has his own assistant, the seats assistant-white and assistant-black.
no_player_assistant = This game has one assistant seat, assistant: assistant-white and assistant-black are for two blind players (--blind both).

## Rulings that follow the edition (issue 42): 5.1.2, 5.2.3, 6.7, 7.4(b), I.1.2.

resigned_draw = { $color } resigns, but { $winner } cannot checkmate by any series of legal moves: draw (5.1.2).
third_illegal_move_loses = Third illegal move by { $color }. { $winner } wins.
third_illegal_move_draw = Third illegal move by { $color }, but { $winner } cannot checkmate: draw.
draw_before_moves = A draw may be agreed only after both players have made at least one move (5.2.3).
already_moved = That player has already made a move in this game: he is not absent.
sealer_present = The player who sealed the move is here: the envelope is opened with both present, and no reply is sealed.
reply_already_sealed = A reply is already sealed in the second envelope.
quickplay_not_in_edition = This claim (Art. 10.2) is in the 2009 and 2005 Laws only.
quickplay_not_in_blitz = In this blitz game the claim of Art. 10.2 does not apply.
quickplay_time_left = A draw in the quickplay finish (Art. 10.2) is claimed only with less than two minutes left, before the flag falls.
early_too_long = The rest of the session is longer than the time left on the clock of the player to move: the game cannot be adjourned early now.
illegal_move_claim_win = Illegal move by { $color }, claimed by { $winner }: { $winner } wins.
illegal_move_claim_draw = Illegal move by { $color }, claimed by { $winner }, who cannot checkmate: draw.
confirm_claim_threefold = Claim a draw by threefold repetition after your move { $move }? Once claimed the move cannot be changed. Say yes or no.
confirm_claim_fifty = Claim a draw under the fifty-move rule after your move { $move }? Once claimed the move cannot be changed. Say yes or no.
confirm_seal = Seal the move { $move }? Until you say yes you may change it. Say yes or no.
envelope_sealer = Sealed by { $sealer }.
envelope_offer = A draw offer by { $color } stands.
envelope_sheet = Scoresheet of { $sealer }
arbiter_sealed_unclear = The sealed move has a capture sign where nothing can be captured; its meaning is clear: { $detail }. The arbiter decides ({ $laws ->
    [2005] {"A8"}
    [2009] {"Guidelines 8"}
   *[other] {"I.8"}
}): say { $command } { $detail } to play it, or give the result.
arbiter_reply_sealed = A reply is sealed in a new envelope ({ $seat }), and the clock of the absent player who sealed the move runs ({ $laws ->
    [2005] {"A9"}
    [2009] {"Guidelines 9(c)"}
   *[other] {"I.9.3"}
}). The arbiter keeps the envelope and opens it when that player is here.
arbiter_reply_unclear = The reply sealed in the second envelope cannot be made after the sealed move: { $detail }. The arbiter decides; { $seat } is to move.
arbiter_quickplay_claim = { $seat } claims a draw in the quickplay finish (Art. 10.2) and the clocks are stopped. The arbiter declares the draw, postpones his decision (he may give the opponent two more minutes) or rejects the claim.
arbiter_envelope_lost = The envelope is lost ({ $laws ->
    [2005] {"A11"}
    [2009] {"Guidelines 11(a)"}
   *[other] {"I.12.1"}
}): the game resumes from the position and with the times recorded at the adjournment; the player who sealed the move announces it and makes it ({ $seat }).

## Refusals of a move heard or typed (notation): { $piece }, { $square } … are worded by hector.

notation-unknown_word = Unknown word '{ $word }'.
notation-no_move = No { $piece } can reach { $square }.
notation-no_move_from = The { $piece } on { $from } cannot reach { $square }.
notation-nothing_on = There is no { $piece } of the side to move on { $square }.
notation-no_capture = There is nothing to capture on { $square }.
notation-castling_impossible = { $move } is not possible now.
notation-ambiguous = { $n ->
        [one] One possibility
       *[other] { $n } possibilities
    }: { $list }.
notation-not_understood = Not understood: '{ $word }'.

## Sentences of the game outside the session: enrolment, the terminal, results.

game-enrol_intro = Adapting to your voice: please say each of the { $count } lines after it has been read to you.
game-enrol_line = { $n } of { $count }: { $text }
game-enrol_not_heard = Nothing was heard. Once more: { $text }
game-enrol_silent = The recording of line { $n } ({ $text }) has no speech in it: please record it again.
game-enrol_missing = { $file } is missing: it should hold the recording of line { $n } ({ $text }).
game-line_too_long = That line is longer than { $max ->
        [one] one byte
       *[other] { $max } bytes
    } and was ignored.
game-to_move = { $color } to move.
game-moved = { $color }: { $move }.
game-checkmate = Checkmate. { $color } wins.
game-resigned = { $color } resigns. { $winner } wins.
game-draw_offered = { $color } offers a draw.
game-flag_win = { $color } has overstepped the time. { $winner } wins.
game-flag_draw = { $color } has overstepped the time, but { $winner } cannot checkmate: draw.
game-illegal_move = Illegal move by { $color }. The position before it is restored; { $winner } gets two minutes.
game-illegal_move_loses = Second illegal move by { $color }. { $winner } wins.
game-illegal_move_draw = Second illegal move by { $color }, but { $winner } cannot checkmate: draw.
game-pieces_on = { $piece }: { $list }.
game-file_missing = There is no file { $file }.
game-file_denied = hector may not read { $file } (permission denied).
game-file_folder = { $file } is a folder, not a file.
game-file_not_text = { $file } is not a text file (it is not UTF-8).
game-file_unreadable = { $file } cannot be read: { $why }.
game-file_too_large = { $file } is too large for a game or reconcile file (more than 64 MB).
game-file_no_game = No game found in { $file }.
game-stdin_unreadable = Cannot read standard input: { $why }.
game-stdin_too_large = The standard input is too large for a reconcile file (more than 64 MB).
game-stdin_not_text = The standard input is not text (it is not UTF-8).
game-pgn_illegal = { $file }: move { $move } is not legal in its position (half-move { $ply }).
game-pgn_after_end = { $file }: move { $move } comes after the game has ended.
game-pgn_unreadable = { $file }: the text is not PGN hector can read ({ $why }).

## Putting a board right (D.2.9): { $piece } is already the object of the sentence.

boards-fixes-remove = Remove { $piece } from { $square }.
boards-fixes-put = Put { $piece } on { $square }.
boards-fixes-move = Move { $piece } from { $from } to { $to }.
boards-fixes-make_move = Make the move { $move }.
boards-fixes-board = Board of { $player }: { $fixes }

## The boards and scoresheets compared (D.2.9).

boards-report-correct_board = The scoresheets agree. To correct: the board of { $boards }.
boards-report-retrace = The scoresheets differ. The moves are retraced to the last point where they agree, after { $plies ->
        [one] one half-move
       *[other] { $plies } half-moves
    }; set up that position on both boards.
boards-report-clock = Clock times then, for the arbiter to confirm: White { $white }, Black { $black }.
boards-report-unreadable = Scoresheet of { $side }, half-move { $ply }: '{ $text }' is not a legal move.

## Adjournment (Guidelines I).

boards-adjourn-sealed = { $player } has sealed move { $number }. The clock is stopped.
boards-adjourn-early = Adjourned before the end of the session: { $time } taken from { $player }'s clock.
boards-adjourn-envelope = Envelope: { $white } against { $black }; { $sealer } sealed move { $number }; time used: White { $white_used }, Black { $black_used }; resumption { $when }, { $place }.
boards-adjourn-not_present = The envelope may be opened only when { $player } is present.
boards-adjourn-opened = The envelope is opened. The sealed move is { $move }.
boards-adjourn-sealed_move_loses = The sealed move '{ $move }' cannot be played: { $player } loses.
boards-adjourn-resumed = The game is resumed: White { $white }, Black { $black }.
boards-adjourn-ended_resigned = { $player } resigned before resumption. { $winner } wins.

## The voice front end's read-back protocol (D.2.1–D.2.8): { $move } is
## spoken, { $words } the number of choices as a word.

say-read_back = { $move }?
say-announce = { $move }.
say-choice = { $count ->
        [one] One possibility
       *[other] { $words } possibilities
    }: { $list }.
say-choice_item = { $number }, { $move }
say-promotion = { $move }: which piece? { $pieces }?
say-not_legal = { $heard }: that is not a legal move here.
say-stands = { $move } has been announced and stands.
say-out_of_range = Please say a number from one to { $max }.

## The journal of hector serve refused (named file, what is wrong, the last good move).

journal_locked = The journal { $file } is in use by another hector serve; stop that one first, or give this board a journal of its own.
journal_foreign = The file { $file } is not a hector journal.
journal_unusable = The journal { $file } cannot be used: { $detail }.
journal_side_file = The journal { $file } holds no game: if it was copied or moved, its side file { $wal } was left behind. To start a new game, give a new journal path.
journal_damaged = The journal { $file } is damaged: { $reason ->
    [empty] it is empty (0 bytes)
    [truncated] it was cut off (only { $size } of its { $expected } bytes are there)
    [unreadable] SQLite cannot read it ({ $detail }; if it was copied or moved, its side file may have been left behind)
    [no_config] the game's options (its config row) are missing, yet it holds { $commands } commands
    [settings] the game's options, names or seat tokens were changed after they were written
    [missing] row { $row } is missing (the next row is { $next })
    [order] row { $row } comes twice or out of order
    [time] the time of row { $row } is impossible
    [content] row { $row } cannot be read
    [changed] row { $row } was changed after it was written (its checksum does not match)
    [tail] its rows end at { $row }, but it was written up to row { $upto }
   *[other] it cannot be read
}. { $move ->
    [none] No move of the game in it is good.
   *[other] The last good move is { $move }.
} hector neither replays it nor starts a new game in it: put back a good copy of the file, or give a new journal path to start another game.

## The command line's options: what was wrong, in the game's language.

game-option_unknown = { $command } has no option { $option }. { $command } --help lists every option.
game-option_missing = { $option } needs a value. { $command } --help says which.
game-option_invalid = { $option } does not take '{ $value }'. { $command } --help says what it takes.
game-option_usage = These options cannot be used together: { $option }. { $command } --help shows how to write them.
game-command_unknown = hector has no command '{ $word }'. hector --help lists them.
game-option_choice = { $option } takes { $choices }, not '{ $value }'.
game-option_time = { $option } '{ $value }': give a time like { $example }.
game-option_seat_locale = --seat-locale '{ $value }': give a seat and a language, like { $example } (seats: { $choices }).
game-option_seal_key = --seal-key takes hexadecimal digits, at most 128.
game-option_text = { $option } takes one line of text: at most 200 characters, no quotes or brackets.
game-option_default_time = --default-time takes minutes, at most 1440 (one day).
game-option_no_draw_before = --no-draw-before takes a move number from 1 to 1000.
game-option_locale = '{ $value }' is not a language of hector: give one of { $choices }.
game-option_control = '{ $value }' is not a time control hector can play: give a preset or a PGN time control, like { $example }.
game-option_fen = --fen '{ $value }' is not a position that can be played.
game-option_moves = --moves: move { $n } ('{ $move }') cannot be played there.
game-option_moves_why = --moves: move { $n } ('{ $move }'): { $why }
game-option_not_text = A word of the command line is not UTF-8 text: { $command } takes text only.

## hector listen: what a recording was heard as, when no move was.

listen-none = No legal move heard: { $reason }.
listen-unsure = not sure what was said (best guess '{ $heard }'); please repeat
listen-nothing_understood = nothing was understood as a move or a command
listen-nothing_heard = nothing was heard
listen-wav_missing = { $file } does not exist.
listen-wav_open = { $file } cannot be opened.
listen-wav_not = { $file } is not a WAV recording hector can read.
listen-wav_rate = { $file } is recorded at { $rate } Hz; hector reads recordings of { $low } to { $high } Hz.
listen-wav_cut = { $file } is cut short: the recording ends inside its data.
listen-wav_long = { $file } lasts longer than { $longest } seconds; hector hears one move or command at a time: record each on its own.

# The sentences of a game in Deutsch, as Project Fluent messages
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
    [white] Weiß
   *[black] Schwarz
}
seat = { $seat ->
    [white] Spieler mit Weiß
    [black] Spieler mit Schwarz
    [assistant] { $case ->
        [nom] Assistent
       *[other] Assistenten
    }
    [assistant-white] { $case ->
        [nom] Assistent von Weiß
       *[other] Assistenten von Weiß
    }
    [assistant-black] { $case ->
        [nom] Assistent von Schwarz
       *[other] Assistenten von Schwarz
    }
   *[arbiter] Schiedsrichter
}
piece = { $count ->
    [one] { $side ->
        [white] { $piece ->
            [king] weißer König
            [queen] weiße Dame
            [rook] weißer Turm
            [bishop] weißer Läufer
            [knight] weißer Springer
           *[pawn] weißer Bauer
        }
       *[black] { $piece ->
            [king] schwarzer König
            [queen] schwarze Dame
            [rook] schwarzer Turm
            [bishop] schwarzer Läufer
            [knight] schwarzer Springer
           *[pawn] schwarzer Bauer
        }
    }
   *[other] { $side ->
        [white] { $piece ->
            [king] weiße Könige
            [queen] weiße Damen
            [rook] weiße Türme
            [bishop] weiße Läufer
            [knight] weiße Springer
           *[pawn] weiße Bauern
        }
       *[black] { $piece ->
            [king] schwarze Könige
            [queen] schwarze Damen
            [rook] schwarze Türme
            [bishop] schwarze Läufer
            [knight] schwarze Springer
           *[pawn] schwarze Bauern
        }
    }
}
unit-hour = { $n ->
    [one] { $case ->
        [dat] einer Stunde
       *[other] { $words } Stunde
    }
   *[other] { $words } Stunden
}
    .gender = f
unit-minute = { $n ->
    [one] { $case ->
        [dat] einer Minute
       *[other] { $words } Minute
    }
   *[other] { $words } Minuten
}
    .gender = f
unit-second = { $n ->
    [one] { $case ->
        [dat] einer Sekunde
       *[other] { $words } Sekunde
    }
   *[other] { $words } Sekunden
}
    .gender = f
unit-move = { $n ->
    [one] { $case ->
        [acc] einen Zug
        [dat] einem Zug
       *[other] { $words } Zug
    }
   *[other] { $case ->
        [dat] { $words } Zügen
       *[other] { $words } Züge
    }
}
    .gender = m

## The talking clock (hector clock, play): phrases around the times the
## unit messages word.

clock-less_than_a_minute = weniger als eine Minute
clock-side_time = { $side } { $time }
clock-side_moves = { $side } { $moves }
clock-status = { $white }, { $black }, { $moves }, { $turn }
clock-moves = { $white }, { $black }
clock-turn = { $side } am Zug
clock-own_time = Eigene Zeit: { $time }
clock-time_used = Verbrauchte Zeit: { $white }, { $black }; { $moves }
clock-opponent_time = Gegner: { $time }
clock-warning = { $side }: { $time }
clock-low_time = Achtung, { $side }: { $time }
clock-flag = { $side }: Zeit abgelaufen
clock-flag_win = Die Zeit von { $side } ist abgelaufen. { $opponent } gewinnt.
clock-flag_draw = Die Zeit von { $side } ist abgelaufen. Remis, denn { $opponent } kann nicht mehr mattsetzen.
clock-period_added = { $side }: neue Zeitperiode, { $time }
clock-paused = Uhr angehalten
clock-resumed = Uhr läuft wieder
clock-not_started = Die Uhr läuft noch nicht

## The sentences of a game (hector session, play, serve).

welcome = hector: { $language }. Hilfe gibt es mit „Hilfe“.
eboard_gone = Das DGT-Brett ist nicht erreichbar; hector versucht es weiter.
eboard_back = Das DGT-Brett ist wieder verbunden.
braille_gone = Die Braillezeile ist nicht erreichbar; hector versucht es weiter.
braille_back = Die Braillezeile ist wieder verbunden.
microphone_gone = Das Mikrofon ist nicht erreichbar; hector versucht es weiter. Züge bitte tippen oder dem Assistenten sagen.
microphone_back = Das Mikrofon ist wieder verbunden.
braille_unavailable = Die Braillezeile kann nicht starten. { $why }
voice_unavailable = Die Spracheingabe kann nicht starten. { $why }
voice_no_whisper_model = Das Sprachmodell von { $engine } fehlt ({ $file }); hector hört nur mit { $fallback }. Bitte { $command } ausführen, das es holt.
readback = { $move }?
moved = { $color }: { $move }.
moved_via = { $color }: { $move } (eingegeben vom { $seat }).
    .seat = dat
choice = { $count } Möglichkeiten: { $list }. Bitte die Nummer sagen.
choice_item = { $number }, { $move }
promotion = Welche Figur? { $pieces }.
cancelled = Zurückgenommen. Bitte den Zug neu ansagen.
not_understood = Nicht verstanden: { $heard }. Bitte wiederholen.
not_understood_empty = Nichts verstanden. Bitte wiederholen.
not_your_turn = Sie sind nicht am Zug.
not_your_right = Das darf nur der Schiedsrichter: { $command }.
not_your_right_seat = Das ist von diesem Platz aus nicht erlaubt: { $command }.
nothing_pending = Es gibt keinen Zug zu bestätigen.
awaiting_player = Der angesagte Zug des blinden Spielers wartet auf sein Ja oder Nein.
out_of_range = Bitte eine Zahl von eins bis { $max }.
game_over = Die Partie ist beendet.
adjourned_no_move = Die Partie ist abgebrochen: kein Zug bis zur Fortsetzung.
no_clock = Diese Partie hat keine Uhr.
incomplete_where = Welche Figur? Zum Beispiel: wo sind meine Springer.
incomplete_rank = Welche Reihe, eins bis acht?
incomplete_file = Welche Linie, Anna bis Hector?
incomplete_claim = Was reklamieren: Wiederholung, fünfzig oder Zeit?
incomplete_adjourn = Bitte nach „abbrechen“ den abgegebenen Zug sagen.
incomplete_correct = Bitte: korrigieren blind oder sehend, Halbzugnummer und Zug.
incomplete_set = Bitte Spieler und Zeit, zum Beispiel: zeit setzen weiß 5:00.
incomplete_result = Welches Ergebnis: 1-0, 0-1 oder remis?
incomplete_shows = Was zeigt das Brett: eine FEN oder Felder wie e5=N f3=-.
bad_line = Diese Eingabezeile ist nicht lesbar: { $problem }.
bad_utf8 = Diese Zeile ist kein lesbarer Text (kein UTF-8); sie wird übergangen, die Partie geht weiter.
too_long = Diese Zeile ist viel zu lang; sie wird übergangen, die Partie geht weiter.
clock_stopped_by_arbiter = Der Schiedsrichter hat die Uhren angehalten; kein Zug, bis sie wieder laufen.
clock_already_running = Die Uhr läuft bereits.
clock_already_stopped = Die Uhr ist bereits angehalten.
clock_game_over = Die Partie ist beendet; die Uhr wird nicht wieder gestartet.
clock_paused = Die Uhr ist angehalten; bitte zuerst starten.
clock_not_paused = Die Uhr ist nicht angehalten.
clock_time_went_back = Diese Zeit liegt vor einer Zeit, die die Uhr schon gezählt hat.
clock_too_much_time = Eine Uhr zeigt höchstens { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
}; das ist keine Bedenkzeit für eine Partie.
clock_unavailable = Die Uhr kann das jetzt nicht.
claim_not_to_move = Nur der Spieler am Zug darf Remis reklamieren.
move_not_legal = Dieser Zug ist hier nicht regelgemäß.
no_such_half_move = Dieser Halbzug wurde in dieser Partie nicht gespielt, oder nicht von diesem Spieler.
nothing_to_retrace = Die Partieformulare stimmen überein; es gibt nichts zurückzuverfolgen.
nothing_sealed = Es ist noch kein abgegebener Zug notiert.
ended_before_resumption = Die Partie endete vor der Wiederaufnahme; der Umschlag wird nicht geöffnet.
already_resumed = Die Partie wurde wieder aufgenommen; sie endet nach den gewöhnlichen Regeln.
cannot_be_done = Das ist in dieser Partie nicht möglich.
line_time_before_last = Die Zeit dieses Befehls liegt vor der Zeit des letzten Befehls.
line_bad_board = Dieses Brett ist nicht lesbar; bitte eine FEN oder Felder wie e5=N f3=-.
line_no_entry = Das Partieformular hat diesen Halbzug nicht.
line_empty_entry = Ein Eintrag im Partieformular darf nicht leer sein.
incomplete_present = Welcher Spieler: anwesend weiß oder anwesend schwarz.
clock_not_started = Die Uhren laufen noch nicht; der Schiedsrichter startet sie, dann beginnt die Partie.
rules_problem = { $reason }
no_draw_offer = Es liegt kein Remisangebot vor.
draw_already_offered = Es liegt schon ein Remisangebot vor.
draw_too_early = Die Turnierordnung erlaubt vor dem { $number }. Zug weder ein Remisangebot noch eine Remisvereinbarung.
not_adjourned = Die Partie ist nicht abgebrochen.
answer_time = { $color }: { $time }.
answer_my_time = Ihre Zeit: { $time }.
answer_opponent_time = Zeit des Gegners: { $time }.
answer_used = { $color }: { $time } verbraucht, { $moves }.
answer_moves = { $color }: { $moves } gespielt.
answer_none = Noch kein Zug.
answer_pieces = { $piece }: { $list }.
answer_empty = leer
answer_none_left = keine
help = Zug ansagen: Figur und Feld, zum Beispiel Springer Felix drei, oder Kurze Rochade; dann ja zum Bestätigen, nein zum Zurücknehmen. Fragen: meine Zeit, Gegnerzeit, Zeit, verbrauchte Zeit, Züge, letzter Zug, wiederholen, wo sind meine Springer, Reihe vier, Linie Eva, Brett, Formular. Remis, annehmen, ablehnen, reklamieren Wiederholung oder fünfzig, aufgeben, abbrechen, Schiedsrichter.
help_opponent = Ihre Befehle neben den Zügen: { $list }.
help_assistant = Befehle des Assistenten: den Zug des Spielers am Zug eingeben, um ihn weiterzugeben; außerdem: { $list }.
help_arbiter = Befehle des Schiedsrichters: { $list }.
to_move = { $color } am Zug.
result_line = { $text }
alert = Wenig Zeit: noch { $time }.
flag = { $color }: Zeit überschritten.
clock_started = Die Uhr läuft.
clock_stopped = Die Uhr ist angehalten.
clock_set = Der Schiedsrichter hat die Zeit von { $color } auf { $time } gesetzt.
clock_added = Der Schiedsrichter hat { $color } { $time } gegeben.
clock_granted = { $color } erhält { $time } mehr, wie es die Regeln vorsehen.
clock_cut = Die Zeit von { $color } beträgt jetzt { $time }, wie es die Regeln vorsehen.
clock_moves = Der Schiedsrichter hat die Züge von { $color } auf { $count } gesetzt.
clock_pressed = { $color } hat die Uhr gedrückt.
draw_offered = { $color } bietet Remis an.
draw_declined = { $color } lehnt das Remis ab.
boards_agree = Die Bretter stimmen wieder überein.
guidance_head = Das Brett des { $board } Spielers weicht ab: { $lines }
arbiter_called = Der Schiedsrichter wird gerufen vom { $seat }.
    .seat = dat
arbiter_touched = Der Assistent meldet: der sehende Spieler hat eine Figur berührt{ $detail }.
arbiter_touched_by = Meldung an den Schiedsrichter ({ $seat }): der Gegner hat eine Figur berührt{ $detail }.
arbiter_flag_claim = Der Assistent reklamiert einen Sieg auf Zeit.
flag_not_fallen = Das Blättchen des Gegners ist nicht gefallen; die Partie geht weiter.
arbiter_flag_claim_by = Sieg auf Zeit reklamiert vom { $seat }.
    .seat = dat
decision_correct_board = die Partieformulare stimmen überein; der Spieler, dessen Brett abweicht, berichtigt es.
decision_retrace = die Partieformulare weichen ab; der Schiedsrichter verfolgt die Züge bis zur Übereinstimmung zurück.
arbiter_boards_differ = Die beiden Bretter weichen ab: { $detail }
arbiter_assistant_missing = An diesem Brett ist ein Assistent vorgeschrieben{ $laws ->
    [2005] {""}
    [2009] {""}
   *[other] {" (D.2.11)"}
}, aber keiner da.
arbiter_illegal = Der { $seat } reklamiert einen regelwidrigen Zug.
arbiter_interrupted = Die Partie wurde unterbrochen.
arbiter_flag = Zeitüberschreitung: { $detail }.
retraced = Die Partie wird bis Halbzug { $ply } zurückverfolgt. Stellung und Uhren sind zurückgesetzt.
sheet_corrected = Formular des { $board } Spielers: Halbzug { $ply } ist jetzt { $san }.
penalty = Regelwidriger Zug von { $color }. Die Stellung davor ist wiederhergestellt; { $winner } erhält { $time }.
penalty_kept = Regelwidriger Zug von { $color }: { $winner } erhält { $time }. Die Stellung wurde nicht verändert.
arbiter_present = Anwesend zur Öffnung des Umschlags: { $seat }.
arbiter_board_put_right = Meldung ({ $seat }): Das Brett ist berichtigt; der Schiedsrichter prüft es und sagt berichtigt.
not_present = Der Umschlag darf nur geöffnet werden, wenn der Spieler anwesend ist, der auf den abgegebenen Zug antwortet.
tampered = Der Umschlag passt nicht zu seinem Siegel: er wurde nach dem Versiegeln geändert.
adjourned = { $color } hat den { $number }. Zug abgegeben. Die Partie ist abgebrochen, die Uhr steht.
envelope_read = Umschlag: { $white_name } gegen { $black_name }. Abgegebener { $number }. Zug von { $color }. Verbrauchte Zeit: { $white } { $white_time }, { $black } { $black_time }. Wiederaufnahme: { $resumption }.
adjourned_early = Vor dem Ende der Spielzeit abgebrochen: Abzug von { $time } für { $color } ({ $laws ->
    [2005] {"A1(b)"}
    [2009] {"Richtlinien 1(b)"}
   *[other] {"I.1.2"}
}).
    .time = dat
sealed_move_loses = Der abgegebene Zug ist nicht ausführbar: { $color } verliert ({ $laws ->
    [2005] {"A8"}
    [2009] {"Richtlinien 8"}
   *[other] {"Richtlinien I.8"}
}).
sealed_move_draw = Der abgegebene Zug ist nicht ausführbar, aber { $winner } kann nicht mattsetzen: remis ({ $laws ->
    [2005] {"A8, Artikel 6.10"}
    [2009] {"Richtlinien 8, Artikel 6.9"}
   *[other] {"Richtlinien I.8, Artikel 6.9"}
}).
result_arbiter = Der Schiedsrichter stellt das Ergebnis fest: { $result }.
sealed = Ihr abgegebener Zug: { $move }. Er bleibt geheim, bis der Umschlag geöffnet wird.
resumed = Der Umschlag ist geöffnet, die Partie geht weiter.
interrupted = Die Partie war { $time } unterbrochen. Die Uhren stehen, bis der Schiedsrichter sie startet.
hall_untrusted = Dieses Brett hat keinen Saalschlüssel (--hall-key oder HECTOR_HALL_KEY): Es spielt und führt sein Journal, aber der Turniersaal vertraut seinen Nachrichten nicht und zeigt seine Partie nicht.
serve_journal = Journal dieses Bretts: { $file }.
board_blind = blinden
board_sighted = sehenden
command_move = einen Zug machen
prefix_white = Weiß
prefix_black = Schwarz
prefix_assistant = Assistent
prefix_arbiter = Schiedsrichter
help_seats = Am gemeinsamen Terminal gehört eine Zeile dem blinden Spieler; für einen anderen Platz beginnen Sie sie mit dessen Namen und Doppelpunkt: { $seats }, zum Beispiel „schwarz: meine Zeit“ oder „schiedsrichter: Zeit“.
help_stop = Beenden: „Ende“ eingeben oder Strg-C oder Strg-D drücken; die Partie wird gespeichert, und hector sagt, wo.

## The game saved when play ends, and boards that never differed.

game_saved = Partie gespeichert: { $file }.
game_not_saved = Die Partie konnte nicht gespeichert werden ({ $file }): { $why }.
boards_in_order = Die Bretter stimmen überein.

## The arbiter's questions before an irreversible act, the envelope
## and resumption, absence (6.7), D.2.1 repeated, two assistants (D.2.10).

confirm_resign = Aufgeben? Ja oder nein.
confirm_result = Ergebnis { $result } feststellen? Ja oder nein.
confirm_illegal = Regelwidrigen Zug von { $color } bestrafen? Ja oder nein.
confirm_illegal_at = Den regelwidrigen Zug von { $color } im Halbzug { $ply } bestrafen und die Partie davor zurücksetzen? Ja oder nein.
confirm_set_time = Zeit von { $color } auf { $time } setzen? Ja oder nein.
confirm_add_time = { $time } zur Zeit von { $color } hinzufügen? Ja oder nein.
confirm_set_moves = Züge von { $color } auf { $count } setzen? Ja oder nein.
confirm_absent = { $color } abwesend: festhalten ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}: nach der Karenzzeit verliert der Abwesende)? Ja oder nein.
cancelled_act = Abgebrochen: nichts geschieht.
incomplete_resumption = Datum, Uhrzeit und Ort der Wiederaufnahme, zum Beispiel: Wiederaufnahme 2026-11-26 10:00 Saal B.
incomplete_absent = Welcher Spieler: abwesend weiß oder abwesend schwarz.
incomplete_arrived = Welcher Spieler: eingetroffen weiß oder eingetroffen schwarz.
resumption_set = Wiederaufnahme: { $date } um { $hour }, { $place }.
resumption_none = nicht festgelegt
resumption_when = { $date } um { $hour }, { $place }
envelope_written = Der Umschlag ist in { $file } (versiegelt, für den Schiedsrichter) und { $page } (zum Drucken) geschrieben.
envelope_not_written = Der Umschlag konnte nicht geschrieben werden: { $why }.
arbiter_absent = Der Schiedsrichter hält fest: { $seat } ist abwesend.
arbiter_arrived = Der Schiedsrichter hält fest: { $seat } ist eingetroffen.
result_absent = { $color } ist nicht innerhalb der Karenzzeit erschienen: { $winner } gewinnt ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_absent_both = Keiner der Spieler ist innerhalb der Karenzzeit erschienen: beide verlieren ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_both_flags = Beide Fallblättchen sind gefallen: die Partie ist remis ({ $laws ->
    [2005] {"B9"}
   *[other] {"A.4(d)"}
}).
repeated_on_board = { $color } hat den Zug auf seinem Brett ausgeführt.
nothing_to_repeat = Es gibt keinen Zug des blinden Spielers zu wiederholen.
no_press_owed = Es ist kein Drücken der Uhr fällig: Der sehende Spieler hat seit dem letzten Drücken nicht gezogen.
prefix_assistant-white = Assistent (Weiß)
prefix_assistant-black = Assistent (Schwarz)
assistant_per_player = Beide Spieler sind blind: jeder hat seinen eigenen Assistenten, die Plätze assistant-white und assistant-black.
no_player_assistant = Diese Partie hat einen Assistentenplatz, assistant: assistant-white und assistant-black gibt es bei zwei blinden Spielern (--blind both).

## Rulings that follow the edition (issue 42): 5.1.2, 5.2.3, 6.7, 7.4(b), I.1.2.

resigned_draw = { $color } gibt auf, aber { $winner } kann durch keine Folge regelgemäßer Züge mattsetzen: Remis (5.1.2).
third_illegal_move_loses = Dritter regelwidriger Zug von { $color }. { $winner } gewinnt.
third_illegal_move_draw = Dritter regelwidriger Zug von { $color }, aber { $winner } kann nicht mattsetzen: Remis.
draw_before_moves = Remis kann erst vereinbart werden, wenn beide Spieler mindestens einen Zug ausgeführt haben (5.2.3).
already_moved = Dieser Spieler hat in dieser Partie schon einen Zug ausgeführt: er ist nicht abwesend.
sealer_present = Der Spieler, der den Zug abgegeben hat, ist anwesend: der Umschlag wird geöffnet, eine Antwort wird nicht abgegeben.
reply_already_sealed = Im zweiten Umschlag ist schon eine Antwort abgegeben.
quickplay_not_in_edition = Diese Reklamation (Art. 10.2) gibt es nur in den Regeln von 2009 und 2005.
quickplay_not_in_blitz = In dieser Blitzpartie gilt die Reklamation nach Art. 10.2 nicht.
quickplay_time_left = Remis in der Endspurtphase (Art. 10.2) wird nur mit weniger als zwei Minuten auf der Uhr reklamiert, bevor das Fallblättchen fällt.
early_too_long = Bis zum Ende der Spielzeit bleibt mehr Zeit, als der Spieler am Zug auf der Uhr hat: die Partie kann jetzt nicht vorzeitig abgebrochen werden.
illegal_move_claim_win = Regelwidriger Zug von { $color }, von { $winner } reklamiert: { $winner } gewinnt.
illegal_move_claim_draw = Regelwidriger Zug von { $color }, von { $winner } reklamiert, der nicht mattsetzen kann: Remis.
confirm_claim_threefold = Remis durch dreimalige Stellungswiederholung nach Ihrem Zug { $move } reklamieren? Danach kann der Zug nicht mehr geändert werden. Ja oder nein.
confirm_claim_fifty = Remis nach der 50-Züge-Regel nach Ihrem Zug { $move } reklamieren? Danach kann der Zug nicht mehr geändert werden. Ja oder nein.
confirm_seal = Den Zug { $move } abgeben? Bis Sie ja sagen, können Sie ihn ändern. Ja oder nein.
envelope_sealer = Abgegeben von { $sealer }.
envelope_offer = Ein Remisangebot von { $color } liegt vor.
envelope_sheet = Partieformular von { $sealer }
arbiter_sealed_unclear = Der abgegebene Zug hat ein Schlagzeichen, wo nichts zu schlagen ist; seine Bedeutung ist klar: { $detail }. Der Schiedsrichter entscheidet ({ $laws ->
    [2005] {"A8"}
    [2009] {"Richtlinien 8"}
   *[other] {"I.8"}
}): { $command } { $detail } führt ihn aus, sonst das Ergebnis geben.
arbiter_reply_sealed = Antwort in einem neuen Umschlag abgegeben ({ $seat }); die Uhr des abwesenden Spielers, der den Zug abgegeben hat, läuft ({ $laws ->
    [2005] {"A9"}
    [2009] {"Richtlinien 9(c)"}
   *[other] {"I.9.3"}
}). Der Schiedsrichter verwahrt den Umschlag und öffnet ihn, wenn dieser Spieler da ist.
arbiter_reply_unclear = Die im zweiten Umschlag abgegebene Antwort ist nach dem abgegebenen Zug nicht ausführbar: { $detail }. Der Schiedsrichter entscheidet; { $seat } ist am Zug.
arbiter_quickplay_claim = Remisreklamation in der Endspurtphase (Art. 10.2): { $seat }; die Uhren sind angehalten. Der Schiedsrichter erklärt die Partie für remis, verschiebt seine Entscheidung (er kann dem Gegner zwei weitere Minuten geben) oder weist die Reklamation zurück.
arbiter_envelope_lost = Der Umschlag ist verloren ({ $laws ->
    [2005] {"A11"}
    [2009] {"Richtlinien 11(a)"}
   *[other] {"I.12.1"}
}): die Partie wird in der Stellung und mit den Zeiten fortgesetzt, die beim Abbruch festgehalten wurden; der Spieler, der den Zug abgegeben hat, sagt ihn an und führt ihn aus ({ $seat }).

## Refusals of a move heard or typed (notation): { $piece }, { $square } … are worded by hector.

notation-unknown_word = Unbekanntes Wort: „{ $word }“.
notation-no_move = Kein Zug möglich: { $piece } nach { $square }.
notation-no_move_from = Kein Zug möglich: { $piece } von { $from } nach { $square }.
notation-nothing_on = Auf { $square } steht kein { $piece } der eigenen Farbe.
notation-no_capture = Auf { $square } gibt es nichts zu schlagen.
notation-castling_impossible = { $move } ist jetzt nicht möglich.
notation-ambiguous = { $n ->
        [one] Eine Möglichkeit
       *[other] { $n } Möglichkeiten
    }: { $list }.
notation-not_understood = Nicht verstanden: „{ $word }“.

## Sentences of the game outside the session: enrolment, the terminal, results.

game-enrol_intro = Anpassung an Ihre Stimme: Bitte sprechen Sie jede der { $count } Zeilen nach, sobald sie vorgelesen wurde.
game-enrol_line = { $n } von { $count }: { $text }
game-enrol_not_heard = Nichts gehört. Noch einmal: { $text }
game-enrol_silent = In der Aufnahme von Zeile { $n } ({ $text }) ist keine Sprache zu hören: bitte neu aufnehmen.
game-enrol_missing = { $file } fehlt: Dort gehört die Aufnahme von Zeile { $n } hin ({ $text }).
game-line_too_long = Diese Zeile ist länger als { $max ->
        [one] ein Byte
       *[other] { $max } Bytes
    } und wurde übergangen.
game-to_move = { $color } am Zug.
game-moved = { $color }: { $move }.
game-checkmate = Schachmatt. { $color } gewinnt.
game-resigned = { $color } gibt auf. { $winner } gewinnt.
game-draw_offered = { $color } bietet Remis an.
game-flag_win = { $color } hat die Zeit überschritten. { $winner } gewinnt.
game-flag_draw = { $color } hat die Zeit überschritten, aber { $winner } kann nicht mehr mattsetzen: Remis.
game-illegal_move = Regelwidriger Zug von { $color }. Die Stellung davor wird wiederhergestellt; { $winner } erhält zwei Minuten.
game-illegal_move_loses = Zweiter regelwidriger Zug von { $color }. { $winner } gewinnt.
game-illegal_move_draw = Zweiter regelwidriger Zug von { $color }, aber { $winner } kann nicht mattsetzen: Remis.
game-pieces_on = { $piece }: { $list }.
game-file_missing = Die Datei { $file } gibt es nicht.
game-file_denied = hector darf { $file } nicht lesen (keine Berechtigung).
game-file_folder = { $file } ist ein Ordner, keine Datei.
game-file_not_text = { $file } ist keine Textdatei (kein UTF-8).
game-file_unreadable = { $file } kann nicht gelesen werden: { $why }.
game-file_too_large = { $file } ist zu groß für eine Partie- oder Abgleichsdatei.
game-file_no_game = In { $file } steht keine Partie.
game-stdin_unreadable = Die Standardeingabe kann nicht gelesen werden: { $why }.
game-stdin_too_large = Die Standardeingabe ist zu groß für eine Abgleichsdatei.
game-stdin_not_text = Die Standardeingabe ist kein Text (kein UTF-8).
game-pgn_illegal = { $file }: Der Zug { $move } ist in seiner Stellung nicht regelgemäß (Halbzug { $ply }).
game-pgn_after_end = { $file }: Der Zug { $move } folgt auf das Ende der Partie.
game-pgn_unreadable = { $file }: Der Text ist kein PGN, das hector lesen kann ({ $why }).

## Putting a board right (D.2.9): { $piece } is already the object of the sentence.

boards-fixes-remove = Nimm { $piece } von { $square } weg.
boards-fixes-put = Stelle { $piece } auf { $square }.
boards-fixes-move = Versetze { $piece } von { $from } nach { $to }.
boards-fixes-make_move = Führe den Zug { $move } aus.
boards-fixes-board = Brett { $player }: { $fixes }

## The boards and scoresheets compared (D.2.9).

boards-report-correct_board = Die Partieformulare stimmen überein. Zu korrigieren: das Brett { $boards }.
boards-report-retrace = Die Partieformulare weichen ab. Die Züge werden bis zur letzten Übereinstimmung zurückverfolgt, nach { $plies ->
        [one] einem Halbzug
       *[other] { $plies } Halbzügen
    }; diese Stellung wird auf beiden Brettern aufgebaut.
boards-report-clock = Uhrzeiten damals, vom Schiedsrichter zu bestätigen: Weiß { $white }, Schwarz { $black }.
boards-report-unreadable = Partieformular { $side }, Halbzug { $ply }: „{ $text }“ ist kein regelgemäßer Zug.

## Adjournment (Guidelines I).

boards-adjourn-sealed = { $player } hat den { $number }. Zug abgegeben. Die Uhr ist angehalten.
boards-adjourn-early = Vor dem Ende der Spielzeit abgebrochen. Abzug von der Uhr von { $player }: { $time }.
boards-adjourn-envelope = Umschlag: { $white } gegen { $black }; { $sealer } hat den { $number }. Zug abgegeben; verbrauchte Zeit: Weiß { $white_used }, Schwarz { $black_used }; Fortsetzung { $when }, { $place }.
boards-adjourn-not_present = Der Umschlag darf nur in Anwesenheit von { $player } geöffnet werden.
boards-adjourn-opened = Der Umschlag ist geöffnet. Der abgegebene Zug ist { $move }.
boards-adjourn-sealed_move_loses = Der abgegebene Zug „{ $move }“ kann nicht ausgeführt werden: { $player } verliert.
boards-adjourn-resumed = Die Partie wird fortgesetzt: Weiß { $white }, Schwarz { $black }.
boards-adjourn-ended_resigned = { $player } hat vor der Fortsetzung aufgegeben. { $winner } gewinnt.

## The voice front end's read-back protocol (D.2.1–D.2.8): { $move } is
## spoken, { $words } the number of choices as a word.

say-read_back = { $move }?
say-announce = { $move }.
say-choice = { $count ->
        [one] Eine Möglichkeit
       *[other] { $words } Möglichkeiten
    }: { $list }.
say-choice_item = { $number }, { $move }
say-promotion = { $move }: welche Figur? { $pieces }?
say-not_legal = { $heard }: das ist hier kein erlaubter Zug.
say-stands = { $move } ist angesagt und gilt.
say-out_of_range = Bitte eine Zahl von eins bis { $max }.

## Das Journal von hector serve abgelehnt (Datei, was fehlt, der letzte unversehrte Zug).

journal_locked = Das Journal { $file } wird von einem anderen hector serve benutzt; beenden Sie zuerst jenes oder geben Sie diesem Brett ein eigenes Journal.
journal_foreign = Die Datei { $file } ist kein hector-Journal.
journal_unusable = Das Journal { $file } kann nicht benutzt werden: { $detail }.
journal_side_file = Das Journal { $file } enthält keine Partie: Wurde es kopiert oder verschoben, blieb seine Nebendatei { $wal } zurück. Für eine neue Partie geben Sie einen neuen Journalpfad an.
journal_damaged = Das Journal { $file } ist beschädigt: { $reason ->
    [empty] es ist leer (0 Bytes)
    [truncated] es wurde abgeschnitten (nur { $size } seiner { $expected } Bytes sind da)
    [unreadable] SQLite kann es nicht lesen ({ $detail }; wurde es kopiert oder verschoben, blieb vielleicht seine Nebendatei zurück)
    [no_config] die Einstellungen der Partie (ihre config-Zeile) fehlen, obwohl es { $commands } Befehle enthält
    [settings] die Einstellungen, Namen oder Platz-Token der Partie wurden nach dem Schreiben geändert
    [missing] Zeile { $row } fehlt (die nächste ist Zeile { $next })
    [order] Zeile { $row } kommt doppelt oder in falscher Reihenfolge
    [time] die Zeit von Zeile { $row } ist unmöglich
    [content] Zeile { $row } ist nicht lesbar
    [changed] Zeile { $row } wurde nach dem Schreiben geändert (ihre Prüfsumme stimmt nicht)
    [tail] seine Zeilen enden bei { $row }, geschrieben wurde es aber bis Zeile { $upto }
   *[other] es ist nicht lesbar
}. { $move ->
    [none] Kein Zug der Partie ist darin unversehrt.
   *[other] Der letzte unversehrte Zug ist { $move }.
} hector spielt es weder nach noch beginnt es darin eine neue Partie: Legen Sie eine gute Kopie der Datei zurück oder geben Sie für eine andere Partie einen neuen Journalpfad an.

## Die Optionen der Befehlszeile: was falsch war, in der Sprache der Partie.

game-option_unknown = { $command } kennt die Option { $option } nicht. Alle Optionen zeigt { $command } --help.
game-option_missing = { $option } braucht einen Wert. Welchen, sagt { $command } --help.
game-option_invalid = { $option } nimmt „{ $value }“ nicht an. Was es nimmt, sagt { $command } --help.
game-option_usage = Diese Optionen passen nicht zusammen: { $option }. Wie man sie schreibt, zeigt { $command } --help.
game-command_unknown = hector hat keinen Befehl „{ $word }“. Alle Befehle zeigt hector --help.
game-option_choice = { $option } nimmt { $choices }, nicht „{ $value }“.
game-option_time = { $option } „{ $value }“: Geben Sie eine Zeit an, etwa { $example }.
game-option_seat_locale = --seat-locale „{ $value }“: Geben Sie einen Platz und eine Sprache an, etwa { $example } (Plätze: { $choices }).
game-option_seal_key = --seal-key nimmt Hexadezimalziffern, höchstens 128.
game-option_text = { $option } nimmt eine Zeile Text: höchstens 200 Zeichen, ohne Anführungszeichen und Klammern.
game-option_default_time = --default-time nimmt Minuten, höchstens 1440 (einen Tag).
game-option_no_draw_before = --no-draw-before nimmt eine Zugnummer von 1 bis 1000.
game-option_locale = „{ $value }“ ist keine Sprache von hector: Geben Sie eine von { $choices } an.
game-option_control = „{ $value }“ ist keine Bedenkzeit, die hector spielen kann: Geben Sie eine Vorgabe oder eine PGN-Bedenkzeit an, etwa { $example }.
game-option_fen = --fen „{ $value }“ ist keine Stellung, die gespielt werden kann.
game-option_moves = --moves: Zug { $n } („{ $move }“) ist dort nicht möglich.
game-option_moves_why = --moves: Zug { $n } („{ $move }“): { $why }
game-option_not_text = Ein Wort der Befehlszeile ist kein UTF-8-Text: { $command } nimmt nur Text.

## hector listen: was eine Aufnahme war, wenn kein Zug gehört wurde.

listen-none = Kein erlaubter Zug gehört: { $reason }.
listen-unsure = nicht sicher, was gesagt wurde (am ehesten „{ $heard }“); bitte wiederholen
listen-nothing_understood = nichts wurde als Zug oder Befehl verstanden
listen-nothing_heard = es war nichts zu hören
listen-wav_missing = { $file } gibt es nicht.
listen-wav_open = { $file } kann nicht geöffnet werden.
listen-wav_not = { $file } ist keine WAV-Aufnahme, die hector lesen kann.
listen-wav_rate = { $file } ist mit { $rate } Hz aufgenommen; hector liest Aufnahmen mit { $low } bis { $high } Hz.
listen-wav_cut = { $file } ist abgeschnitten: die Aufnahme endet mitten in ihren Daten.
listen-wav_long = { $file } dauert länger als { $longest } Sekunden; hector hört jeweils einen Zug oder Befehl: nehmen Sie jeden einzeln auf.

# The sentences of a game in Srpski, as Project Fluent messages
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
    [white] Beli
   *[black] Crni
}
seat = { $seat ->
    [white] igrač belim
    [black] igrač crnim
    [assistant] asistent
    [assistant-white] asistent belog
    [assistant-black] asistent crnog
   *[arbiter] sudija
}
piece = { $count ->
    [one] { $side ->
        [white] { $piece ->
            [king] beli kralj
            [queen] bela dama
            [rook] beli top
            [bishop] beli lovac
            [knight] beli skakač
           *[pawn] beli pešak
        }
       *[black] { $piece ->
            [king] crni kralj
            [queen] crna dama
            [rook] crni top
            [bishop] crni lovac
            [knight] crni skakač
           *[pawn] crni pešak
        }
    }
   *[other] { $side ->
        [white] { $piece ->
            [king] beli kraljevi
            [queen] bele dame
            [rook] beli topovi
            [bishop] beli lovci
            [knight] beli skakači
           *[pawn] beli pešaci
        }
       *[black] { $piece ->
            [king] crni kraljevi
            [queen] crne dame
            [rook] crni topovi
            [bishop] crni lovci
            [knight] crni skakači
           *[pawn] crni pešaci
        }
    }
}
unit-hour = { $n ->
    [one] { $words } sat
    [few] { $words } sata
   *[other] { $words } sati
}
    .gender = m
unit-minute = { $n ->
    [one] { $words } minut
   *[other] { $words } minuta
}
    .gender = m
unit-second = { $n ->
    [one] { $case ->
        [acc] { $words } sekundu
       *[other] { $words } sekunda
    }
    [few] { $words } sekunde
   *[other] { $words } sekundi
}
    .gender = f
unit-move = { $n ->
    [one] { $words } potez
   *[other] { $words } poteza
}
    .gender = m

## The talking clock (hector clock, play): phrases around the times the
## unit messages word.

clock-less_than_a_minute = manje od minuta
clock-side_time = { $side } { $time }
clock-side_moves = { $side } { $moves }
clock-status = { $white }, { $black }, { $moves }, { $turn }
clock-moves = { $white }, { $black }
clock-turn = { $side } je na potezu
clock-own_time = Vaše vreme: { $time }
clock-time_used = Utrošeno vreme: { $white }, { $black }; { $moves }
clock-opponent_time = Protivnik: { $time }
clock-warning = { $side }: { $time }
clock-low_time = Pažnja, { $side }: { $time }
clock-flag = { $side }: vreme je isteklo
clock-flag_win = { $side } je prekoračio vreme. { $opponent } pobeđuje.
clock-flag_draw = { $side } je prekoračio vreme. Remi, jer { $opponent } ne može da matira.
clock-period_added = { $side }: nova kontrola, { $time }
clock-paused = Sat je zaustavljen
clock-resumed = Sat ponovo radi
clock-not_started = Sat još nije pokrenut

## The sentences of a game (hector session, play, serve).

welcome = hector: { $language }. Recite „pomoć“ za komande.
eboard_gone = DGT tabla nije dostupna; hector pokušava dalje.
eboard_back = DGT tabla je ponovo povezana.
braille_gone = Brajev red nije dostupan; hector pokušava dalje.
braille_back = Brajev red je ponovo povezan.
microphone_gone = Mikrofon nije dostupan; hector pokušava dalje. Molimo kucajte poteze ili ih recite asistentu.
microphone_back = Mikrofon je ponovo povezan.
braille_unavailable = Brajev red ne može da se pokrene. { $why }
voice_unavailable = Glasovni unos ne može da se pokrene. { $why }
voice_no_whisper_model = Nedostaje { $engine } za prepoznavanje govora ({ $file }); hector sluša samo pomoću { $fallback }. Pokrenite { $command } da ga preuzmete.
readback = { $move }?
moved = { $color }: { $move }.
moved_via = { $color }: { $move } (uneo { $seat }).
choice = { $count } mogućnosti: { $list }. Recite broj.
choice_item = { $number }, { $move }
promotion = Koja figura? { $pieces }.
cancelled = Povučeno. Najavite potez ponovo.
not_understood = Nisam razumeo: { $heard }. Ponovite, molim.
not_understood_empty = Ništa nisam razumeo. Ponovite, molim.
not_your_turn = Niste na potezu.
not_your_right = To sme samo sudija: { $command }.
not_your_right_seat = Sa ovog mesta to nije dozvoljeno: { $command }.
nothing_pending = Nema poteza za potvrdu.
awaiting_player = Najavljeni potez slepog igrača čeka njegovo da ili ne.
out_of_range = Recite broj od jedan do { $max }.
game_over = Partija je završena.
adjourned_no_move = Partija je prekinuta: nema poteza do nastavka.
no_clock = Ova partija nema sat.
incomplete_where = Koja figura? Na primer: gde su moji skakači.
incomplete_rank = Koji red, od jedan do osam?
incomplete_file = Koja linija, od Anna do Hector?
incomplete_claim = Šta reklamirate: ponavljanje, pedeset ili vreme?
incomplete_adjourn = Posle „prekid“ recite zapečaćeni potez.
incomplete_correct = Recite: ispravi slepi ili videći, broj polupoteza i potez.
incomplete_set = Recite igrača i vreme, na primer: postavi vreme beli 5:00.
incomplete_result = Koji rezultat: 1-0, 0-1 ili remi?
incomplete_shows = Šta tabla pokazuje: FEN ili polja kao e5=N f3=-.
bad_line = Ovaj red se ne može pročitati: { $problem }.
bad_utf8 = Ovaj red nije čitljiv tekst (nije UTF-8); preskače se, partija se nastavlja.
too_long = Ovaj red je mnogo predugačak; preskače se, partija se nastavlja.
clock_stopped_by_arbiter = Sudija je zaustavio satove; nema poteza dok ponovo ne krenu.
clock_already_running = Sat već radi.
clock_already_stopped = Sat je već zaustavljen.
clock_game_over = Partija je završena; sat se ne pokreće ponovo.
clock_paused = Sat je zaustavljen; prvo ga pokrenite.
clock_not_paused = Sat nije zaustavljen.
clock_time_went_back = To vreme je pre vremena koje je sat već izbrojao.
clock_too_much_time = Sat meri najviše { $hours ->
    [one] { $hours } sat
    [few] { $hours } sata
   *[other] { $hours } sati
}; to nije vreme za partiju.
clock_unavailable = Sat sada ne može da uradi to.
claim_not_to_move = Remi sme da zatraži samo igrač koji je na potezu.
move_not_legal = Taj potez ovde nije pravilan.
no_such_half_move = Taj polupotez nije odigran u ovoj partiji, ili ga nije odigrao taj igrač.
nothing_to_retrace = Obrasci se slažu; nema šta da se vraća.
nothing_sealed = Zapečaćeni potez još nije zapisan.
ended_before_resumption = Partija je završena pre nastavka; koverta se ne otvara.
already_resumed = Partija je nastavljena; završava se po redovnim pravilima.
cannot_be_done = To ne može da se uradi u ovoj partiji.
line_time_before_last = Vreme ove komande je pre vremena poslednje komande.
line_bad_board = Ova tabla se ne može pročitati; navedite FEN ili polja kao e5=N f3=-.
line_no_entry = Obrazac nema takav polupotez.
line_empty_entry = Upis u obrazac ne sme biti prazan.
incomplete_present = Koji igrač: prisutan beli ili prisutan crni.
clock_not_started = Satovi još nisu pokrenuti; sudija ih pokreće i tada partija počinje.
rules_problem = { $reason }
no_draw_offer = Nema ponude remija.
draw_already_offered = Ponuda remija već postoji.
draw_too_early = Pravilnik turnira ne dozvoljava ponudu ni dogovor o remiju pre { $number }. poteza.
not_adjourned = Partija nije prekinuta.
answer_time = { $color }: { $time }.
answer_my_time = Vaše vreme: { $time }.
answer_opponent_time = Vreme protivnika: { $time }.
answer_used = { $color }: utrošeno vreme { $time }, { $moves }.
answer_moves = { $color }: { $count ->
        [one] odigran je { $moves }
        [few] odigrana su { $moves }
       *[other] odigrano je { $moves }
    }.
answer_none = Još nema poteza.
answer_pieces = { $piece }: { $list }.
answer_empty = prazno
answer_none_left = nijedan
help = Najavite potez: figura i polje, na primer Skakač Felix tri, ili kratka rokada; zatim da za potvrdu, ne za povlačenje. Pitanja: moje vreme, vreme protivnika, vreme, utrošeno vreme, potezi, poslednji potez, ponovi, gde su moji skakači, red četiri, linija Eva, tabla, obrazac. Remi, prihvatam, odbijam, reklamiram ponavljanje ili pedeset, predajem, prekid, sudija.
help_opponent = Vaše komande pored poteza: { $list }.
help_assistant = Komande asistenta: upišite potez igrača na potezu da biste ga preneli; osim toga: { $list }.
help_arbiter = Komande sudije: { $list }.
to_move = { $color } na potezu.
result_line = { $text }
alert = Malo vremena, preostalo: { $time }.
flag = { $color }: vreme je isteklo.
clock_started = Sat radi.
clock_stopped = Sat je zaustavljen.
clock_set = Sudija je postavio vreme: { $color }, { $time }.
clock_added = Sudija je dodao { $time }: { $color }.
    .time = acc
clock_granted = Po pravilima se dodaje { $time }: { $color }.
clock_cut = Po pravilima vreme: { $color }, sada iznosi { $time }.
clock_moves = Sudija je postavio broj poteza: { $color }, { $count }.
clock_pressed = { $color }: sat pritisnut.
draw_offered = { $color } nudi remi.
draw_declined = { $color } odbija remi.
boards_agree = Table se ponovo slažu.
guidance_head = Tabla { $board } igrača se razlikuje: { $lines }
arbiter_called = Poziva se sudija: { $seat }.
arbiter_touched = Asistent javlja da je videći igrač dodirnuo figuru{ $detail }.
arbiter_touched_by = Prijava ({ $seat }): protivnik je dodirnuo figuru{ $detail }.
arbiter_flag_claim = Asistent reklamira pobedu na vreme.
flag_not_fallen = Zastavica protivnika nije pala; partija se nastavlja.
arbiter_flag_claim_by = Pobedu na vreme reklamira: { $seat }.
decision_correct_board = zapisi se slažu; igrač čija se tabla razlikuje ispravlja je.
decision_retrace = zapisi se razlikuju; sudija vraća poteze do mesta slaganja.
arbiter_boards_differ = Table se razlikuju: { $detail }
arbiter_assistant_missing = Za ovom tablom asistent je obavezan{ $laws ->
    [2005] {""}
    [2009] {""}
   *[other] {" (D.2.11)"}
}, a nema ga.
arbiter_illegal = { $seat } reklamira nepravilan potez.
arbiter_interrupted = Partija je bila prekinuta.
arbiter_flag = Vreme je isteklo: { $detail }.
retraced = Partija je vraćena do polupoteza { $ply }. Pozicija i satovi su vraćeni.
sheet_corrected = Obrazac { $board } igrača: polupotez { $ply } je sada { $san }.
penalty = Nepravilan potez: { $color }. Pozicija pre njega je vraćena; { $winner } dobija { $time }.
    .time = acc
penalty_kept = Nepravilan potez: { $color }. { $winner } dobija { $time }. Pozicija nije promenjena.
    .time = acc
arbiter_present = Prisutan pri otvaranju koverte: { $seat }.
arbiter_board_put_right = Tabla je ispravljena, javlja { $seat }; sudija je proverava i kaže ispravljeno.
not_present = Koverta se sme otvoriti samo kad je prisutan igrač koji odgovara na zapečaćeni potez.
tampered = Koverta se ne slaže sa pečatom: promenjena je posle pečaćenja.
adjourned = { $color } je zapečatio { $number }. potez. Partija je prekinuta, sat stoji.
envelope_read = Koverta: { $white_name } protiv { $black_name }. { $color } je zapečatio { $number }. potez. Utrošeno vreme: { $white } { $white_time }, { $black } { $black_time }. Nastavak: { $resumption }.
adjourned_early = Prekinuto pre kraja sesije: { $color } gubi { $time } ({ $laws ->
    [2005] {"A1(b)"}
    [2009] {"Smernice 1(b)"}
   *[other] {"I.1.2"}
}).
    .time = acc
sealed_move_loses = Zapečaćeni potez se ne može odigrati: { $color } gubi ({ $laws ->
    [2005] {"A8"}
    [2009] {"Smernice 8"}
   *[other] {"Smernice I.8"}
}).
sealed_move_draw = Zapečaćeni potez se ne može odigrati, ali { $winner } ne može da matira: remi ({ $laws ->
    [2005] {"A8, član 6.10"}
    [2009] {"Smernice 8, član 6.9"}
   *[other] {"Smernice I.8, član 6.9"}
}).
result_arbiter = Sudija proglašava rezultat: { $result }.
sealed = Vaš zapečaćeni potez: { $move }. Ostaje tajna dok se koverta ne otvori.
resumed = Koverta je otvorena i partija se nastavlja.
interrupted = Partija je bila prekinuta { $time }. Satovi stoje dok ih sudija ne pokrene.
    .time = acc
hall_untrusted = Ova tabla nema ključ sale (--hall-key ili HECTOR_HALL_KEY): igra i vodi svoj dnevnik, ali turnirska sala neće verovati njenim porukama i neće prikazati njenu partiju.
serve_journal = Dnevnik ove table: { $file }.
board_blind = slepog
board_sighted = videćeg
command_move = odigrati potez
prefix_white = Beli
prefix_black = Crni
prefix_assistant = Pomoćnik
prefix_arbiter = Sudija
help_seats = Za zajedničkim terminalom red pripada slepom igraču; za drugo mesto počnite ga imenom mesta i dvotačkom: { $seats }, na primer „crni: moje vreme” ili „sudija: vreme”.
help_stop = Za kraj: upišite „kraj“ ili pritisnite Ctrl-C ili Ctrl-D; partija se čuva i hector kaže gde.

## The game saved when play ends, and boards that never differed.

game_saved = Partija je sačuvana: { $file }.
game_not_saved = Partija nije mogla da se sačuva ({ $file }): { $why }.
boards_in_order = Table se slažu.

## The arbiter's questions before an irreversible act, the envelope
## and resumption, absence (6.7), D.2.1 repeated, two assistants (D.2.10).

confirm_resign = Predajete partiju? Recite da ili ne.
confirm_result = Proglasiti rezultat { $result }? Recite da ili ne.
confirm_illegal = Kazniti nepravilan potez ({ $color })? Recite da ili ne.
confirm_illegal_at = Kazniti nepravilan potez ({ $color }, polupotez { $ply }) i vratiti partiju pre njega? Recite da ili ne.
confirm_set_time = Postaviti vreme ({ $color }) na { $time }? Recite da ili ne.
    .time = acc
confirm_add_time = Dodati { $time } vremenu ({ $color })? Recite da ili ne.
    .time = acc
confirm_set_moves = Postaviti broj poteza ({ $color }) na { $count }? Recite da ili ne.
confirm_absent = { $color }: odsutan, zabeležiti ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}: posle dozvoljenog kašnjenja odsutni gubi)? Recite da ili ne.
cancelled_act = Otkazano: ništa se ne menja.
incomplete_resumption = Recite datum, vreme i mesto nastavka, na primer: nastavak 2026-11-26 10:00 Sala B.
incomplete_absent = Koji igrač: odsutan beli ili odsutan crni.
incomplete_arrived = Koji igrač: stigao beli ili stigao crni.
resumption_set = Nastavak: { $date } u { $hour }, { $place }.
resumption_none = nije određen
resumption_when = { $date } u { $hour }, { $place }
envelope_written = Koverta je zapisana u { $file } (zapečaćena, za sudiju) i { $page } (za štampu).
envelope_not_written = Koverta nije mogla biti zapisana: { $why }.
arbiter_absent = Sudija beleži: { $seat } je odsutan.
arbiter_arrived = Sudija beleži: { $seat } je stigao.
result_absent = { $color }: nije stigao u dozvoljenom vremenu; pobeđuje { $winner } ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_absent_both = Nijedan igrač nije stigao u dozvoljenom vremenu: obojica gube ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_both_flags = Obe zastavice su pale: partija je remi ({ $laws ->
    [2005] {"B9"}
   *[other] {"A.4(d)"}
}).
repeated_on_board = { $color }: potez je odigran na njegovoj tabli.
nothing_to_repeat = Nema poteza slepog igrača za ponavljanje.
no_press_owed = Sat ne treba pritisnuti: igrač koji vidi nije odigrao potez od poslednjeg pritiska.
prefix_assistant-white = Asistent (beli)
prefix_assistant-black = Asistent (crni)
assistant_per_player = Oba igrača su slepa: svaki ima svog asistenta, mesta assistant-white i assistant-black.
no_player_assistant = Ova partija ima jedno mesto asistenta, assistant: assistant-white i assistant-black su za dva slepa igrača (--blind both).

## Rulings that follow the edition (issue 42): 5.1.2, 5.2.3, 6.7, 7.4(b), I.1.2.

resigned_draw = { $color } predaje, ali { $winner } ne može da matira nijednim nizom legalnih poteza: remi (5.1.2).
third_illegal_move_loses = Treći nepravilan potez: { $color }. { $winner } pobeđuje.
third_illegal_move_draw = Treći nepravilan potez: { $color }, ali { $winner } ne može da matira: remi.
draw_before_moves = Remi se može dogovoriti tek kada su oba igrača odigrala bar po jedan potez (5.2.3).
already_moved = Taj igrač je već odigrao potez u ovoj partiji: nije odsutan.
sealer_present = Igrač koji je kovertirao potez je prisutan: koverta se otvara u prisustvu obojice, odgovor se ne kovertira.
reply_already_sealed = Odgovor je već zatvoren u drugoj koverti.
quickplay_not_in_edition = Ova reklamacija (čl. 10.2) postoji samo u pravilima iz 2009. i 2005.
quickplay_not_in_blitz = U ovoj brzopoteznoj partiji reklamacija po čl. 10.2 se ne primenjuje.
quickplay_time_left = Remi u ubrzanom završetku (čl. 10.2) reklamira se samo sa manje od dva minuta na satu, pre nego što zastavica padne.
early_too_long = Do kraja seanse ostaje više vremena nego što igrač na potezu ima na satu: partija se sada ne može prekinuti pre kraja seanse.
illegal_move_claim_win = Nelegalan potez: { $color }, reklamirao { $winner }: { $winner } pobeđuje.
illegal_move_claim_draw = Nelegalan potez: { $color }, reklamirao { $winner }, koji ne može da matira: remi.
confirm_claim_threefold = Reklamirate remi zbog trostrukog ponavljanja pozicije posle vašeg poteza { $move }? Posle toga potez se ne može promeniti. Recite da ili ne.
confirm_claim_fifty = Reklamirate remi po pravilu 50 poteza posle vašeg poteza { $move }? Posle toga potez se ne može promeniti. Recite da ili ne.
confirm_seal = Kovertirate potez { $move }? Dok ne kažete da, možete ga promeniti. Recite da ili ne.
envelope_sealer = Potez je kovertirao: { $sealer }.
envelope_offer = Važeća ponuda remija: { $color }.
envelope_sheet = Formular: { $sealer }
arbiter_sealed_unclear = Kovertirani potez ima znak uzimanja, a nema šta da se uzme; značenje mu je jasno: { $detail }. Odlučuje sudija ({ $laws ->
    [2005] {"A8"}
    [2009] {"Smernice 8"}
   *[other] {"I.8"}
}): { $command } { $detail } ga izvodi, ili sudija daje rezultat.
arbiter_reply_sealed = Odgovor je zapisan i zatvoren u novu kovertu ({ $seat }); sat odsutnog igrača koji je kovertirao potez je pokrenut ({ $laws ->
    [2005] {"A9"}
    [2009] {"Smernice 9(c)"}
   *[other] {"I.9.3"}
}). Sudija čuva kovertu i otvara je po dolasku tog igrača.
arbiter_reply_unclear = Odgovor iz druge koverte ne može se odigrati posle kovertiranog poteza: { $detail }. Odlučuje sudija; na potezu je { $seat }.
arbiter_quickplay_claim = Reklamacija remija u ubrzanom završetku (čl. 10.2): { $seat }; satovi su zaustavljeni. Sudija proglašava remi, odlaže odluku (može protivniku dodati dva minuta) ili odbija reklamaciju.
arbiter_envelope_lost = Koverta je izgubljena ({ $laws ->
    [2005] {"A11"}
    [2009] {"Smernice 11(a)"}
   *[other] {"I.12.1"}
}): partija se nastavlja od pozicije i sa vremenima zabeleženim u trenutku prekida; igrač koji je kovertirao potez izjavljuje ga i odigrava ({ $seat }).

## Refusals of a move heard or typed (notation): { $piece }, { $square } … are worded by hector.

notation-unknown_word = Nepoznata reč: „{ $word }”.
notation-no_move = Nema poteza: { $piece } na { $square }.
notation-no_move_from = Nema poteza: { $piece } sa { $from } na { $square }.
notation-nothing_on = Na { $square } nije { $piece } strane koja je na potezu.
notation-no_capture = Na { $square } nema šta da se uzme.
notation-castling_impossible = { $move } sada nije moguća.
notation-ambiguous = Mogućnosti: { $n }. { $list }.
notation-not_understood = Nije razumljivo: „{ $word }”.

## Sentences of the game outside the session: enrolment, the terminal, results.

game-enrol_intro = Prilagođavanje vašem glasu: ponovite svaki od { $count ->
        [one] { $count } reda
        [few] { $count } reda
       *[other] { $count } redova
    } kada bude pročitan.
game-enrol_line = { $n } od { $count }: { $text }
game-enrol_not_heard = Ništa se nije čulo. Još jednom: { $text }
game-enrol_silent = U snimku reda { $n } ({ $text }) ne čuje se govor: snimite ga ponovo.
game-enrol_missing = Nedostaje { $file }: tu treba da bude snimak reda { $n } ({ $text }).
game-line_too_long = Ovaj red je duži od { $max ->
        [one] { $max } bajta
        [few] { $max } bajta
       *[other] { $max } bajtova
    } i preskočen je.
game-to_move = { $color } je na potezu.
game-moved = { $color }: { $move }.
game-checkmate = Mat. { $color } pobeđuje.
game-resigned = { $color } predaje. { $winner } pobeđuje.
game-draw_offered = { $color } nudi remi.
game-flag_win = { $color } je prekoračio vreme. { $winner } pobeđuje.
game-flag_draw = { $color } je prekoračio vreme, ali { $winner } ne može da matira: remi.
game-illegal_move = Nepravilan potez: { $color }. Vraća se pozicija pre njega; { $winner } dobija dva minuta.
game-illegal_move_loses = Drugi nepravilan potez: { $color }. { $winner } pobeđuje.
game-illegal_move_draw = Drugi nepravilan potez: { $color }, ali { $winner } ne može da matira: remi.
game-pieces_on = { $piece }: { $list }.
game-file_missing = Datoteka { $file } ne postoji.
game-file_denied = hector ne sme da čita { $file } (nema dozvole).
game-file_folder = { $file } je fascikla, a ne datoteka.
game-file_not_text = { $file } nije tekstualna datoteka (nije UTF-8).
game-file_unreadable = Datoteka { $file } ne može da se pročita: { $why }.
game-file_too_large = Datoteka { $file } je prevelika za datoteku partije ili poređenja.
game-file_no_game = U datoteci { $file } nema partije.
game-stdin_unreadable = Standardni ulaz ne može da se pročita: { $why }.
game-stdin_too_large = Standardni ulaz je prevelik za datoteku poređenja.
game-stdin_not_text = Standardni ulaz nije tekst (nije UTF-8).
game-pgn_illegal = { $file }: potez { $move } nije ispravan u svojoj poziciji (polupotez { $ply }).
game-pgn_after_end = { $file }: potez { $move } dolazi posle kraja partije.
game-pgn_unreadable = { $file }: tekst nije PGN koji hector ume da pročita ({ $why }).

## Putting a board right (D.2.9): { $piece } is already the object of the sentence.

boards-fixes-remove = Skloni { $piece } sa polja { $square }.
boards-fixes-put = Postavi { $piece } na polje { $square }.
boards-fixes-move = Premesti { $piece } sa polja { $from } na polje { $to }.
boards-fixes-make_move = Odigraj potez { $move }.
boards-fixes-board = Tabla { $player }: { $fixes }

## The boards and scoresheets compared (D.2.9).

boards-report-correct_board = Obrasci se slažu. Ispravlja se tabla { $boards }.
boards-report-retrace = Obrasci se razlikuju. Potezi se vraćaju do poslednjeg mesta slaganja, posle { $plies } polupoteza; ta pozicija se postavlja na obe table.
boards-report-clock = Vreme na satu tada, da ga sudija potvrdi: beli { $white }, crni { $black }.
boards-report-unreadable = Obrazac { $side }, polupotez { $ply }: „{ $text }“ nije ispravan potez.

## Adjournment (Guidelines I).

boards-adjourn-sealed = { $player } je zapisao tajni potez broj { $number }. Sat je zaustavljen.
boards-adjourn-early = Partija prekinuta pre kraja sesije. Oduzeto sa sata igrača { $player }: { $time }.
boards-adjourn-envelope = Koverta: { $white } protiv { $black }; tajni potez broj { $number } zapisao je { $sealer }; utrošeno vreme: beli { $white_used }, crni { $black_used }; nastavak { $when }, { $place }.
boards-adjourn-not_present = Koverta se može otvoriti samo u prisustvu igrača { $player }.
boards-adjourn-opened = Koverta je otvorena. Tajni potez je { $move }.
boards-adjourn-sealed_move_loses = Tajni potez „{ $move }“ ne može da se odigra: { $player } gubi.
boards-adjourn-resumed = Partija se nastavlja: beli { $white }, crni { $black }.
boards-adjourn-ended_resigned = { $player } je predao pre nastavka. Pobeđuje { $winner }.

## The voice front end's read-back protocol (D.2.1–D.2.8): { $move } is
## spoken, { $words } the number of choices as a word.

say-read_back = { $move }?
say-announce = { $move }.
say-choice = { $count ->
        [1] Jedna mogućnost
        [2] Dve mogućnosti
       *[other] { $words } mogućnosti
    }: { $list }.
say-choice_item = { $number }, { $move }
say-promotion = { $move }: koja figura? { $pieces }?
say-not_legal = { $heard }: to ovde nije dozvoljen potez.
say-stands = { $move } je najavljen i važi.
say-out_of_range = Molim broj od jedan do { $max }.

## Dnevnik hector serve odbijen (datoteka, šta nije u redu, poslednji ispravan potez).

journal_locked = Dnevnik { $file } koristi drugi hector serve; prvo zaustavite taj ili dajte ovoj tabli sopstveni dnevnik.
journal_foreign = Datoteka { $file } nije hector dnevnik.
journal_unusable = Dnevnik { $file } ne može da se koristi: { $detail }.
journal_side_file = Dnevnik { $file } ne sadrži partiju: ako je kopiran ili premešten, njegova pomoćna datoteka { $wal } je ostala za njim. Za novu partiju zadajte novu putanju dnevnika.
journal_damaged = Dnevnik { $file } je oštećen: { $reason ->
    [empty] prazan je (0 bajtova)
    [truncated] odsečen je (postoji samo { $size } od { $expected } bajtova)
    [unreadable] SQLite ne može da ga pročita ({ $detail }; ako je kopiran ili premešten, možda je ostala njegova pomoćna datoteka)
    [no_config] nedostaju podešavanja partije (njen config red), iako sadrži { $commands } komandi
    [settings] podešavanja, imena ili tokeni mesta partije promenjeni su posle upisa
    [missing] nedostaje red { $row } (sledeći je red { $next })
    [order] red { $row } se pojavljuje dvaput ili pogrešnim redom
    [time] vreme reda { $row } je nemoguće
    [content] red { $row } ne može da se pročita
    [changed] red { $row } je promenjen posle upisa (njegov kontrolni zbir se ne slaže)
    [tail] njegovi redovi se završavaju na { $row }, a upisan je do reda { $upto }
   *[other] ne može da se pročita
}. { $move ->
    [none] Nijedan potez partije u njemu nije ispravan.
   *[other] Poslednji ispravan potez je { $move }.
} hector ga ne ponavlja niti u njemu počinje novu partiju: vratite dobru kopiju datoteke ili zadajte novu putanju dnevnika za drugu partiju.

## Opcije komandne linije: šta nije bilo u redu, na jeziku partije.

game-option_unknown = { $command } nema opciju { $option }. Sve opcije pokazuje { $command } --help.
game-option_missing = { $option } traži vrednost. Koju, kaže { $command } --help.
game-option_invalid = { $option } ne prima „{ $value }“. Šta prima, kaže { $command } --help.
game-option_usage = Ove opcije ne idu zajedno: { $option }. Kako se pišu, pokazuje { $command } --help.
game-command_unknown = hector nema komandu „{ $word }“. Sve komande pokazuje hector --help.
game-option_choice = { $option } prima { $choices }, a ne „{ $value }“.
game-option_time = { $option } „{ $value }“: zadajte vreme, na primer { $example }.
game-option_seat_locale = --seat-locale „{ $value }“: zadajte mesto i jezik, na primer { $example } (mesta: { $choices }).
game-option_seal_key = --seal-key prima heksadecimalne cifre, najviše 128.
game-option_text = { $option } prima jedan red teksta: najviše 200 znakova, bez navodnika i zagrada.
game-option_default_time = --default-time prima vreme u minutima, najviše 1440 (jedan dan).
game-option_no_draw_before = --no-draw-before prima broj poteza od 1 do 1000.
game-option_locale = „{ $value }“ nije jezik programa hector: zadajte jedan od { $choices }.
game-option_control = „{ $value }“ nije tempo igre koji hector može da vodi: zadajte gotovo tempo ili tempo u PGN zapisu, na primer { $example }.
game-option_fen = --fen „{ $value }“ nije pozicija koja može da se igra.
game-option_moves = --moves: potez { $n } („{ $move }“) tu ne može da se odigra.
game-option_moves_why = --moves: potez { $n } („{ $move }“): { $why }
game-option_not_text = Reč komandne linije nije UTF-8 tekst: { $command } prima samo tekst.

## hector listen: šta je čuto u snimku kada to nije bio potez.

listen-none = Nije čut dozvoljen potez: { $reason }.
listen-unsure = nije sigurno šta je rečeno (najverovatnije „{ $heard }”); molim ponovite
listen-nothing_understood = ništa nije shvaćeno kao potez ili komanda
listen-nothing_heard = ništa se nije čulo
listen-wav_missing = Datoteka { $file } ne postoji.
listen-wav_open = Datoteka { $file } ne može da se otvori.
listen-wav_not = Datoteka { $file } nije WAV snimak koji hector može da pročita.
listen-wav_rate = Datoteka { $file } je snimljena na { $rate } Hz; hector čita snimke od { $low } do { $high } Hz.
listen-wav_cut = Datoteka { $file } je odsečena: snimak se završava usred podataka.
listen-wav_long = Datoteka { $file } traje duže od { $longest } sekundi; hector sluša jedan potez ili komandu odjednom: snimite svaki posebno.

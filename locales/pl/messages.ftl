# The sentences of a game in Polski, as Project Fluent messages
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
    [white] Białe
   *[black] Czarne
}
seat = { $seat ->
    [white] gracz białymi
    [black] gracz czarnymi
    [assistant] asystent
    [assistant-white] asystent białych
    [assistant-black] asystent czarnych
   *[arbiter] sędzia
}
piece = { $count ->
    [one] { $side ->
        [white] { $piece ->
            [king] biały król
            [queen] biały hetman
            [rook] biała wieża
            [bishop] biały goniec
            [knight] biały skoczek
           *[pawn] biały pion
        }
       *[black] { $piece ->
            [king] czarny król
            [queen] czarny hetman
            [rook] czarna wieża
            [bishop] czarny goniec
            [knight] czarny skoczek
           *[pawn] czarny pion
        }
    }
   *[other] { $side ->
        [white] { $piece ->
            [king] białe króle
            [queen] białe hetmany
            [rook] białe wieże
            [bishop] białe gońce
            [knight] białe skoczki
           *[pawn] białe piony
        }
       *[black] { $piece ->
            [king] czarne króle
            [queen] czarne hetmany
            [rook] czarne wieże
            [bishop] czarne gońce
            [knight] czarne skoczki
           *[pawn] czarne piony
        }
    }
}
unit-hour = { $n ->
    [one] { $case ->
        [acc] { $words } godzinę
       *[other] { $words } godzina
    }
    [few] { $words } godziny
   *[other] { $words } godzin
}
    .gender = f
unit-minute = { $n ->
    [one] { $case ->
        [acc] { $words } minutę
       *[other] { $words } minuta
    }
    [few] { $words } minuty
   *[other] { $words } minut
}
    .gender = f
unit-second = { $n ->
    [one] { $case ->
        [acc] { $words } sekundę
       *[other] { $words } sekunda
    }
    [few] { $words } sekundy
   *[other] { $words } sekund
}
    .gender = f
unit-move = { $n ->
    [one] { $words } ruch
    [few] { $words } ruchy
   *[other] { $words } ruchów
}
    .gender = m

## The talking clock (hector clock, play): phrases around the times the
## unit messages word.

clock-less_than_a_minute = mniej niż minuta
clock-side_time = { $side } { $time }
clock-side_moves = { $side } { $moves }
clock-status = { $white }, { $black }, { $moves }, { $turn }
clock-moves = { $white }, { $black }
clock-turn = teraz grają { $side }
clock-own_time = Twój czas: { $time }
clock-time_used = Zużyty czas: { $white }, { $black }; { $moves }
clock-opponent_time = Przeciwnik: { $time }
clock-warning = { $side }: { $time }
clock-low_time = Uwaga, { $side }: { $time }
clock-flag = { $side }: czas przekroczony
clock-flag_win = { $side } przekroczyły czas. Wygrywają { $opponent }.
clock-flag_draw = { $side } przekroczyły czas. Remis, bo { $opponent } nie mogą dać mata.
clock-period_added = { $side }: nowy okres, { $time }
clock-paused = Zegar zatrzymany
clock-resumed = Zegar wznowiony
clock-not_started = Zegar jeszcze nie ruszył

## The sentences of a game (hector session, play, serve).

welcome = hector: { $language }. Powiedz „pomoc”, by usłyszeć polecenia.
eboard_gone = Szachownica DGT jest nieosiągalna; hector próbuje dalej.
eboard_back = Szachownica DGT jest znowu podłączona.
braille_gone = Monitor brajlowski jest nieosiągalny; hector próbuje dalej.
braille_back = Monitor brajlowski jest znowu podłączony.
microphone_gone = Mikrofon jest nieosiągalny; hector próbuje dalej. Proszę wpisywać ruchy lub podawać je asystentowi.
microphone_back = Mikrofon jest znowu podłączony.
braille_unavailable = Monitor brajlowski nie może wystartować. { $why }
voice_unavailable = Wejście głosowe nie może wystartować. { $why }
voice_no_whisper_model = Brak modelu mowy { $engine } ({ $file }); hector słucha tylko przez { $fallback }. Uruchom { $command }, aby go pobrać.
readback = { $move }?
moved = { $color }: { $move }.
moved_via = { $color }: { $move } (wprowadził { $seat }).
choice = { $count } możliwości: { $list }. Powiedz numer.
choice_item = { $number }, { $move }
promotion = Jaka figura? { $pieces }.
cancelled = Cofnięte. Zapowiedz ruch jeszcze raz.
not_understood = Nie zrozumiałem: { $heard }. Powtórz, proszę.
not_understood_empty = Nic nie zrozumiałem. Powtórz, proszę.
not_your_turn = To nie twój ruch.
not_your_right = Tylko sędzia może to zrobić: { $command }.
not_your_right_seat = Z tego miejsca nie wolno tego zrobić: { $command }.
nothing_pending = Nie ma ruchu do potwierdzenia.
awaiting_player = Zapowiedziany ruch niewidomego zawodnika czeka na jego tak lub nie.
out_of_range = Powiedz liczbę od jednego do { $max }.
game_over = Partia jest zakończona.
adjourned_no_move = Partia jest odłożona: żadnego ruchu do wznowienia.
no_clock = Ta partia nie ma zegara.
incomplete_where = Jaka figura? Na przykład: gdzie są moje skoczki.
incomplete_rank = Który rząd, od jednego do ośmiu?
incomplete_file = Która kolumna, od Anna do Hektor?
incomplete_claim = Co reklamujesz: powtórzenie, pięćdziesiąt czy czas?
incomplete_adjourn = Po „przerwij” podaj zapieczętowany ruch.
incomplete_correct = Powiedz: popraw niewidomy lub widzący, numer półruchu i ruch.
incomplete_set = Podaj gracza i czas, na przykład: ustaw czas białe 5:00.
incomplete_result = Jaki wynik: 1-0, 0-1 czy remis?
incomplete_shows = Co pokazuje szachownica: FEN albo pola jak e5=N f3=-.
bad_line = Nie można odczytać tego wiersza: { $problem }.
bad_utf8 = Ten wiersz nie jest czytelnym tekstem (nie UTF-8); pomijam go, partia trwa dalej.
too_long = Ten wiersz jest o wiele za długi; pomijam go, partia trwa dalej.
clock_stopped_by_arbiter = Sędzia zatrzymał zegary; żadnego ruchu, dopóki znów nie ruszą.
clock_already_running = Zegar już chodzi.
clock_already_stopped = Zegar jest już zatrzymany.
clock_game_over = Partia jest zakończona; zegar nie zostanie ponownie uruchomiony.
clock_paused = Zegar jest zatrzymany; najpierw go uruchom.
clock_not_paused = Zegar nie jest zatrzymany.
clock_time_went_back = Ten czas jest wcześniejszy niż czas, który zegar już odliczył.
clock_too_much_time = Zegar mieści najwyżej { $hours ->
    [one] { $hours } godzinę
    [few] { $hours } godziny
   *[other] { $hours } godzin
}; to nie jest czas na partię.
clock_unavailable = Zegar nie może teraz tego zrobić.
claim_not_to_move = Remisu może żądać tylko zawodnik, który jest na posunięciu.
move_not_legal = Ten ruch nie jest tu przepisowy.
no_such_half_move = Tego półruchu nie wykonano w tej partii albo nie wykonał go ten zawodnik.
nothing_to_retrace = Blankiety są zgodne; nie ma czego cofać.
nothing_sealed = Nie zapisano jeszcze zapieczętowanego ruchu.
ended_before_resumption = Partia zakończyła się przed wznowieniem; koperty się nie otwiera.
already_resumed = Partię wznowiono; kończy się według zwykłych przepisów.
cannot_be_done = Tego nie da się zrobić w tej partii.
line_time_before_last = Czas tego polecenia jest wcześniejszy niż czas ostatniego polecenia.
line_bad_board = Nie można odczytać tej szachownicy; podaj FEN albo pola jak e5=N f3=-.
line_no_entry = Na blankiecie nie ma takiego półruchu.
line_empty_entry = Wpis na blankiecie nie może być pusty.
incomplete_present = Który zawodnik: obecny białe lub obecny czarne.
clock_not_started = Zegary nie zostały jeszcze uruchomione; uruchamia je sędzia i wtedy partia się zaczyna.
rules_problem = { $reason }
no_draw_offer = Nie ma propozycji remisu.
draw_already_offered = Propozycja remisu już jest.
draw_too_early = Regulamin turnieju nie pozwala proponować ani uzgadniać remisu przed { $number }. posunięciem.
not_adjourned = Partia nie jest odłożona.
answer_time = { $color }: { $time }.
answer_my_time = Twój czas: { $time }.
answer_opponent_time = Czas przeciwnika: { $time }.
answer_used = { $color }: zużyto { $time }, { $moves }.
    .time = acc
answer_moves = { $color }: wykonano { $moves }.
answer_none = Jeszcze nie było ruchu.
answer_pieces = { $piece }: { $list }.
answer_empty = puste
answer_none_left = brak
help = Zapowiedz ruch: figura i pole, na przykład Skoczek Feliks trzy, albo krótka roszada; potem tak, by potwierdzić, nie, by cofnąć. Pytania: mój czas, czas przeciwnika, czas, zużyty czas, ruchy, ostatni ruch, powtórz, gdzie są moje skoczki, rząd cztery, kolumna Ewa, szachownica, blankiet. Remis, przyjmuję, odrzucam, reklamuję powtórzenie lub pięćdziesiąt, poddaję się, przerwij, sędzia.
help_opponent = Polecenia zawodnika oprócz ruchów: { $list }.
help_assistant = Polecenia asystenta: wpisanie ruchu zawodnika na posunięciu przekazuje go dalej; poza tym: { $list }.
help_arbiter = Polecenia sędziego: { $list }.
to_move = { $color } na posunięciu.
result_line = { $text }
alert = Mało czasu, pozostały czas: { $time }.
flag = { $color }: przekroczenie czasu.
clock_started = Zegar chodzi.
clock_stopped = Zegar jest zatrzymany.
clock_set = Sędzia ustawił czas: { $color }, { $time }.
clock_added = Sędzia dodał { $time }: { $color }.
    .time = acc
clock_granted = Zgodnie z przepisami dodano { $time }: { $color }.
    .time = acc
clock_cut = Zgodnie z przepisami czas: { $color }, wynosi teraz { $time }.
clock_moves = Sędzia ustawił liczbę ruchów: { $color }, { $count }.
clock_pressed = { $color }: zegar naciśnięty.
draw_offered = { $color } proponują remis.
draw_declined = { $color } odrzucają remis.
boards_agree = Szachownice znów się zgadzają.
guidance_head = Szachownica gracza { $board } różni się: { $lines }
arbiter_called = Wezwanie sędziego: { $seat }.
arbiter_touched = Asystent zgłasza, że widzący gracz dotknął figury{ $detail }.
arbiter_touched_by = Zgłoszenie ({ $seat }): przeciwnik dotknął bierki{ $detail }.
arbiter_flag_claim = Asystent reklamuje wygraną na czas.
flag_not_fallen = Chorągiewka przeciwnika nie opadła; gra toczy się dalej.
arbiter_flag_claim_by = Wygraną na czas reklamuje: { $seat }.
decision_correct_board = zapisy się zgadzają; gracz, którego szachownica się różni, poprawia ją.
decision_retrace = zapisy się różnią; sędzia cofa ruchy do miejsca zgodności.
arbiter_boards_differ = Szachownice się różnią: { $detail }
arbiter_assistant_missing = Przy tej szachownicy asystent jest obowiązkowy{ $laws ->
    [2005] {""}
    [2009] {""}
   *[other] {" (D.2.11)"}
}, a go nie ma.
arbiter_illegal = { $seat } reklamuje nieprawidłowy ruch.
arbiter_interrupted = Partia została przerwana.
arbiter_flag = Przekroczenie czasu: { $detail }.
retraced = Partia cofnięta do półruchu { $ply }. Pozycja i zegary ustawione wstecz.
sheet_corrected = Blankiet gracza { $board }: półruch { $ply } to teraz { $san }.
penalty = Nieprawidłowy ruch: { $color }. Przywrócono pozycję sprzed ruchu; { $winner } dostają { $time }.
    .time = acc
penalty_kept = Nieprawidłowy ruch: { $color }. { $winner } dostają { $time }. Pozycji nie zmieniono.
    .time = acc
arbiter_present = Obecny przy otwarciu koperty: { $seat }.
arbiter_board_put_right = Szachownica poprawiona, zgłasza { $seat }; sędzia sprawdza ją i mówi poprawione.
not_present = Kopertę wolno otworzyć tylko w obecności gracza, który odpowiada na zapieczętowany ruch.
tampered = Koperta nie zgadza się z pieczęcią: zmieniono ją po zapieczętowaniu.
adjourned = { $color } zapieczętowały ruch { $number }. Partia jest odłożona, zegar zatrzymany.
envelope_read = Koperta: { $white_name } przeciw { $black_name }. { $color } zapieczętowały ruch { $number }. Zużyty czas: { $white } { $white_time }, { $black } { $black_time }. Wznowienie: { $resumption }.
adjourned_early = Odłożono przed końcem sesji: { $color } tracą { $time } ({ $laws ->
    [2005] {"A1(b)"}
    [2009] {"Wytyczne 1(b)"}
   *[other] {"I.1.2"}
}).
    .time = acc
sealed_move_loses = Zapieczętowanego ruchu nie można wykonać: { $color } przegrywają ({ $laws ->
    [2005] {"A8"}
    [2009] {"Wytyczne 8"}
   *[other] {"Wytyczne I.8"}
}).
sealed_move_draw = Zapieczętowanego ruchu nie można wykonać, ale { $winner } nie mogą zamatować: remis ({ $laws ->
    [2005] {"A8, art. 6.10"}
    [2009] {"Wytyczne 8, art. 6.9"}
   *[other] {"Wytyczne I.8, art. 6.9"}
}).
result_arbiter = Sędzia ogłasza wynik: { $result }.
sealed = Twój zapieczętowany ruch: { $move }. Pozostaje tajny do otwarcia koperty.
resumed = Koperta otwarta, partia wznowiona.
interrupted = Partia była przerwana przez { $time }. Zegary stoją, dopóki sędzia ich nie włączy.
    .time = acc
hall_untrusted = Ta szachownica nie ma klucza sali (--hall-key lub HECTOR_HALL_KEY): gra i prowadzi dziennik, ale sala turniejowa nie zaufa jej wiadomościom i nie pokaże jej partii.
serve_journal = Dziennik tej szachownicy: { $file }.
board_blind = niewidomego
board_sighted = widzącego
command_move = wykonać ruch
prefix_white = Białe
prefix_black = Czarne
prefix_assistant = Asystent
prefix_arbiter = Sędzia
help_seats = Przy wspólnym terminalu wiersz należy do niewidomego gracza; dla innego miejsca zacznij go od nazwy miejsca i dwukropka: { $seats }, na przykład „czarne: mój czas” albo „sędzia: czas”.
help_stop = Aby zakończyć: wpisz „koniec” albo naciśnij Ctrl-C lub Ctrl-D; partia zostanie zapisana, a hector powie, gdzie.

## The game saved when play ends, and boards that never differed.

game_saved = Partię zapisano: { $file }.
game_not_saved = Nie udało się zapisać partii ({ $file }): { $why }.
boards_in_order = Szachownice się zgadzają.

## The arbiter's questions before an irreversible act, the envelope
## and resumption, absence (6.7), D.2.1 repeated, two assistants (D.2.10).

confirm_resign = Poddać partię? Powiedz tak lub nie.
confirm_result = Ogłosić wynik { $result }? Powiedz tak lub nie.
confirm_illegal = Ukarać nieprawidłowy ruch: { $color }? Powiedz tak lub nie.
confirm_illegal_at = Ukarać nieprawidłowy ruch ({ $color }, półruch { $ply }) i cofnąć partię do pozycji przed nim? Powiedz tak lub nie.
confirm_set_time = Ustawić czas ({ $color }) na { $time }? Powiedz tak lub nie.
    .time = acc
confirm_add_time = Dodać { $time } do czasu ({ $color })? Powiedz tak lub nie.
    .time = acc
confirm_set_moves = Ustawić liczbę ruchów ({ $color }) na { $count }? Powiedz tak lub nie.
confirm_absent = { $color }: nieobecność, zapisać ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}: po czasie spóźnienia nieobecny przegrywa)? Powiedz tak lub nie.
cancelled_act = Anulowano: nic się nie dzieje.
incomplete_resumption = Podaj datę, godzinę i miejsce wznowienia, na przykład: wznowienie 2026-11-26 10:00 Sala B.
incomplete_absent = Który zawodnik: nieobecny białe lub nieobecny czarne.
incomplete_arrived = Który zawodnik: przybył białe lub przybył czarne.
resumption_set = Wznowienie: { $date } o { $hour }, { $place }.
resumption_none = nie ustalono
resumption_when = { $date } o { $hour }, { $place }
envelope_written = Koperta zapisana w { $file } (zapieczętowana, dla sędziego) i { $page } (do wydruku).
envelope_not_written = Nie udało się zapisać koperty: { $why }.
arbiter_absent = Sędzia odnotowuje: { $seat } nieobecny.
arbiter_arrived = Sędzia odnotowuje: { $seat } przybył.
result_absent = { $color }: spóźnienie ponad dopuszczalny czas; wygrywają { $winner } ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_absent_both = Żaden zawodnik nie przybył w dopuszczalnym czasie: obaj przegrywają ({ $laws ->
    [2005] {"6.7"}
    [2009] {"6.6(a)"}
   *[other] {"6.7"}
}).
result_both_flags = Obie chorągiewki opadły: partia zakończona remisem ({ $laws ->
    [2005] {"B9"}
   *[other] {"A.4(d)"}
}).
repeated_on_board = { $color }: ruch wykonany na szachownicy.
nothing_to_repeat = Nie ma ruchu niewidomego zawodnika do powtórzenia.
no_press_owed = Nie trzeba naciskać zegara: widzący zawodnik nie wykonał ruchu od ostatniego naciśnięcia.
prefix_assistant-white = Asystent (białe)
prefix_assistant-black = Asystent (czarne)
assistant_per_player = Obaj zawodnicy są niewidomi: każdy ma własnego asystenta, miejsca assistant-white i assistant-black.
no_player_assistant = Ta partia ma jedno miejsce asystenta, assistant: assistant-white i assistant-black są dla dwóch niewidomych zawodników (--blind both).

## Rulings that follow the edition (issue 42): 5.1.2, 5.2.3, 6.7, 7.4(b), I.1.2.

resigned_draw = { $color } poddają się, ale { $winner } nie mogą zamatować króla żadną możliwą serią prawidłowych posunięć: remis (5.1.2).
third_illegal_move_loses = Trzecie nieprawidłowe posunięcie: { $color }. Wygrywają { $winner }.
third_illegal_move_draw = Trzecie nieprawidłowe posunięcie: { $color }, ale { $winner } nie mogą dać mata: remis.
draw_before_moves = Remis można uzgodnić tylko pod warunkiem, że obydwoje zawodnicy wykonali co najmniej jeden ruch (5.2.3).
already_moved = Ten zawodnik wykonał już posunięcie w tej partii: nie jest nieobecny.
sealer_present = Zawodnik, który zapisał tajne posunięcie, jest obecny: kopertę otwiera się w obecności obu, odpowiedzi nie zapisuje się do koperty.
reply_already_sealed = Odpowiedź jest już zapisana w drugiej kopercie.
quickplay_not_in_edition = Ta reklamacja (art. 10.2) istnieje tylko w przepisach z 2009 i 2005 roku.
quickplay_not_in_blitz = W tej partii błyskawicznej reklamacja z art. 10.2 nie ma zastosowania.
quickplay_time_left = Remisu w szybkim finiszu (art. 10.2) można domagać się tylko mając mniej niż dwie minuty na zegarze, przed opadnięciem chorągiewki.
early_too_long = Do końca sesji zostało więcej czasu, niż zawodnik na posunięciu ma na zegarze: partii nie można teraz odłożyć przed końcem sesji.
illegal_move_claim_win = Nieprawidłowe posunięcie: { $color }, reklamowane przez { $winner }: wygrywają { $winner }.
illegal_move_claim_draw = Nieprawidłowe posunięcie: { $color }, reklamowane przez { $winner }, które nie mogą zamatować króla: remis.
confirm_claim_threefold = Reklamować remis przez trzykrotne powtórzenie pozycji po Twoim posunięciu { $move }? Potem posunięcia nie można zmienić. Powiedz tak lub nie.
confirm_claim_fifty = Reklamować remis na podstawie zasady 50 posunięć po Twoim posunięciu { $move }? Potem posunięcia nie można zmienić. Powiedz tak lub nie.
confirm_seal = Zapisać tajne posunięcie { $move }? Dopóki nie powiesz tak, możesz je zmienić. Powiedz tak lub nie.
envelope_sealer = Tajne posunięcie zapisał(a): { $sealer }.
envelope_offer = Oferta remisowa złożona przed odłożeniem partii: { $color }.
envelope_sheet = Formularz zapisu: { $sealer }
arbiter_sealed_unclear = Tajne posunięcie ma znak bicia, choć nie ma czego bić; jego znaczenie jest jasne: { $detail }. Decyduje sędzia ({ $laws ->
    [2005] {"A8"}
    [2009] {"Wytyczne 8"}
   *[other] {"I.8"}
}): { $command } { $detail } wykonuje je, albo sędzia ogłasza wynik.
arbiter_reply_sealed = Odpowiedź zapisana i włożona do nowej koperty ({ $seat }); zegar nieobecnego zawodnika, który zapisał tajne posunięcie, przełączony ({ $laws ->
    [2005] {"A9"}
    [2009] {"Wytyczne 9(c)"}
   *[other] {"I.9.3"}
}). Sędzia przechowuje kopertę i otwiera ją dopiero w obecności tego zawodnika.
arbiter_reply_unclear = Odpowiedzi zapisanej w drugiej kopercie nie można wykonać po tajnym posunięciu: { $detail }. Decyduje sędzia; na posunięciu: { $seat }.
arbiter_quickplay_claim = Żądanie remisu w szybkim finiszu (art. 10.2): { $seat }; zegar zatrzymany. Sędzia uznaje partię za remis, odracza decyzję (może dodać przeciwnikowi dwie minuty) albo odrzuca reklamację.
arbiter_envelope_lost = Koperta zaginęła ({ $laws ->
    [2005] {"A11"}
    [2009] {"Wytyczne 11(a)"}
   *[other] {"I.12.1"}
}): grę wznawia się w pozycji z chwili przerwania partii, z czasem zarejestrowanym w momencie odłożenia partii; zawodnik, który zapisał tajne posunięcie, oznajmia je i wykonuje na szachownicy ({ $seat }).

## Refusals of a move heard or typed (notation): { $piece }, { $square } … are worded by hector.

notation-unknown_word = Nieznane słowo: „{ $word }”.
notation-no_move = Brak posunięcia: { $piece } na { $square }.
notation-no_move_from = Brak posunięcia: { $piece } z { $from } na { $square }.
notation-nothing_on = Na { $square } nie stoi { $piece } strony na posunięciu.
notation-no_capture = Na { $square } nie ma czego bić.
notation-castling_impossible = { $move } jest teraz niemożliwa.
notation-ambiguous = Możliwości: { $n }. { $list }.
notation-not_understood = Nie zrozumiano: „{ $word }”.

## Sentences of the game outside the session: enrolment, the terminal, results.

game-enrol_intro = Dopasowanie do Twojego głosu: proszę powtórzyć każdy z { $count } wierszy, gdy zostanie odczytany.
game-enrol_line = { $n } z { $count }: { $text }
game-enrol_not_heard = Nic nie usłyszano. Jeszcze raz: { $text }
game-enrol_silent = W nagraniu wiersza { $n } ({ $text }) nie słychać mowy: proszę nagrać go ponownie.
game-enrol_missing = Brakuje pliku { $file }: powinien zawierać nagranie wiersza { $n } ({ $text }).
game-line_too_long = Ten wiersz jest dłuższy niż { $max ->
        [one] jeden bajt
        [few] { $max } bajty
       *[other] { $max } bajtów
    } i został pominięty.
game-to_move = { $color } na posunięciu.
game-moved = { $color }: { $move }.
game-checkmate = Mat. Wygrywają { $color }.
game-resigned = { $color } poddają się. Wygrywają { $winner }.
game-draw_offered = { $color } proponują remis.
game-flag_win = { $color } przekroczyły czas. Wygrywają { $winner }.
game-flag_draw = { $color } przekroczyły czas, ale { $winner } nie mogą dać mata: remis.
game-illegal_move = Nieprawidłowe posunięcie: { $color }. Przywrócono pozycję sprzed niego; { $winner } otrzymują dwie minuty.
game-illegal_move_loses = Drugie nieprawidłowe posunięcie: { $color }. Wygrywają { $winner }.
game-illegal_move_draw = Drugie nieprawidłowe posunięcie: { $color }, ale { $winner } nie mogą dać mata: remis.
game-pieces_on = { $piece }: { $list }.
game-file_missing = Nie ma pliku { $file }.
game-file_denied = hector nie może czytać pliku { $file } (brak uprawnień).
game-file_folder = { $file } to katalog, a nie plik.
game-file_not_text = { $file } nie jest plikiem tekstowym (to nie UTF-8).
game-file_unreadable = Nie można odczytać pliku { $file }: { $why }.
game-file_too_large = Plik { $file } jest za duży jak na plik partii lub porównania.
game-file_no_game = W pliku { $file } nie ma żadnej partii.
game-stdin_unreadable = Nie można odczytać standardowego wejścia: { $why }.
game-stdin_too_large = Standardowe wejście jest za duże jak na plik porównania.
game-stdin_not_text = Standardowe wejście nie jest tekstem (to nie UTF-8).
game-pgn_illegal = { $file }: posunięcie { $move } jest nieprawidłowe w swojej pozycji (półruch { $ply }).
game-pgn_after_end = { $file }: posunięcie { $move } następuje po zakończeniu partii.
game-pgn_unreadable = { $file }: tekst nie jest zapisem PGN, który hector potrafi odczytać ({ $why }).

## Putting a board right (D.2.9): { $piece } is already the object of the sentence.

boards-fixes-remove = Zdejmij { $piece } z pola { $square }.
boards-fixes-put = Postaw { $piece } na polu { $square }.
boards-fixes-move = Przestaw { $piece } z pola { $from } na pole { $to }.
boards-fixes-make_move = Wykonaj posunięcie { $move }.
boards-fixes-board = Szachownica { $player }: { $fixes }

## The boards and scoresheets compared (D.2.9).

boards-report-correct_board = Formularze są zgodne. Do poprawienia: szachownica { $boards }.
boards-report-retrace = Formularze się różnią. Posunięcia cofa się do ostatniego zgodnego miejsca, po { $plies ->
        [one] jednym półruchu
       *[other] { $plies } półruchach
    }; tę pozycję ustawia się na obu szachownicach.
boards-report-clock = Czasy na zegarze w tym momencie, do zatwierdzenia przez sędziego: białe { $white }, czarne { $black }.
boards-report-unreadable = Formularz { $side }, półruch { $ply }: „{ $text }” nie jest prawidłowym posunięciem.

## Adjournment (Guidelines I).

boards-adjourn-sealed = { $player }: tajne posunięcie nr { $number } zapisane. Zegar zatrzymany.
boards-adjourn-early = Partia odłożona przed końcem sesji. Odjęto od czasu zawodnika { $player }: { $time }.
boards-adjourn-envelope = Koperta: { $white } – { $black }; tajne posunięcie nr { $number } zapisał(a) { $sealer }; czas zużyty: białe { $white_used }, czarne { $black_used }; dogrywka { $when }, { $place }.
boards-adjourn-not_present = Kopertę można otworzyć tylko w obecności zawodnika { $player }.
boards-adjourn-opened = Koperta otwarta. Tajne posunięcie: { $move }.
boards-adjourn-sealed_move_loses = Tajnego posunięcia „{ $move }” nie można wykonać: { $player } przegrywa.
boards-adjourn-resumed = Dogrywka rozpoczęta: białe { $white }, czarne { $black }.
boards-adjourn-ended_resigned = { $player } poddał(a) partię przed wznowieniem. Wygrywa { $winner }.

## The voice front end's read-back protocol (D.2.1–D.2.8): { $move } is
## spoken, { $words } the number of choices as a word.

say-read_back = { $move }?
say-announce = { $move }.
say-choice = { $count ->
        [1] Jedna możliwość
        [2] Dwie możliwości
       *[other] { $words } możliwości
    }: { $list }.
say-choice_item = { $number }, { $move }
say-promotion = { $move }: jaka figura? { $pieces }?
say-not_legal = { $heard }: to nie jest tu dozwolony ruch.
say-stands = { $move } został zapowiedziany i obowiązuje.
say-out_of_range = Proszę podać liczbę od jeden do { $max }.

## Dziennik hector serve odrzucony (plik, co jest nie tak, ostatni nienaruszony ruch).

journal_locked = Dziennik { $file } jest używany przez inny hector serve; najpierw zatrzymaj tamten albo daj tej szachownicy własny dziennik.
journal_foreign = Plik { $file } nie jest dziennikiem hectora.
journal_unusable = Nie można użyć dziennika { $file }: { $detail }.
journal_side_file = Dziennik { $file } nie zawiera partii: jeśli został skopiowany lub przeniesiony, jego plik poboczny { $wal } pozostał w starym miejscu. Aby zacząć nową partię, podaj nową ścieżkę dziennika.
journal_damaged = Dziennik { $file } jest uszkodzony: { $reason ->
    [empty] jest pusty (0 bajtów)
    [truncated] został ucięty (jest tylko { $size } z { $expected } bajtów)
    [unreadable] SQLite nie może go odczytać ({ $detail }; jeśli został skopiowany lub przeniesiony, mógł pozostać jego plik poboczny)
    [no_config] brakuje ustawień partii (wiersza config), choć zawiera { $commands } poleceń
    [settings] ustawienia, nazwiska lub tokeny miejsc partii zmieniono po zapisaniu
    [missing] brakuje wiersza { $row } (następny to wiersz { $next })
    [order] wiersz { $row } występuje dwa razy lub w złej kolejności
    [time] czas wiersza { $row } jest niemożliwy
    [content] wiersza { $row } nie można odczytać
    [changed] wiersz { $row } zmieniono po zapisaniu (jego suma kontrolna się nie zgadza)
    [tail] jego wiersze kończą się na { $row }, a zapisano go do wiersza { $upto }
   *[other] nie można go odczytać
}. { $move ->
    [none] Żaden ruch partii nie jest w nim nienaruszony.
   *[other] Ostatni nienaruszony ruch to { $move }.
} hector ani go nie odtwarza, ani nie zaczyna w nim nowej partii: przywróć dobrą kopię pliku albo podaj nową ścieżkę dziennika, aby zacząć inną partię.

## Opcje wiersza poleceń: co było błędne, w języku partii.

game-option_unknown = { $command } nie ma opcji { $option }. Wszystkie opcje pokazuje { $command } --help.
game-option_missing = { $option } wymaga wartości. Jakiej, mówi { $command } --help.
game-option_invalid = { $option } nie przyjmuje „{ $value }”. Co przyjmuje, mówi { $command } --help.
game-option_usage = Te opcje nie pasują do siebie: { $option }. Jak je zapisać, pokazuje { $command } --help.
game-command_unknown = hector nie ma polecenia „{ $word }”. Wszystkie polecenia pokazuje hector --help.
game-option_choice = { $option } przyjmuje { $choices }, nie „{ $value }”.
game-option_time = { $option } „{ $value }”: podaj czas, na przykład { $example }.
game-option_seat_locale = --seat-locale „{ $value }”: podaj miejsce i język, na przykład { $example } (miejsca: { $choices }).
game-option_seal_key = --seal-key przyjmuje cyfry szesnastkowe, najwyżej 128.
game-option_text = { $option } przyjmuje jeden wiersz tekstu: najwyżej 200 znaków, bez cudzysłowów i nawiasów.
game-option_default_time = --default-time przyjmuje minuty, najwyżej 1440 (jeden dzień).
game-option_no_draw_before = --no-draw-before przyjmuje numer posunięcia od 1 do 1000.
game-option_locale = „{ $value }” nie jest językiem programu hector: podaj jeden z { $choices }.
game-option_control = „{ $value }” nie jest tempem gry, które hector potrafi prowadzić: podaj tempo gotowe albo tempo w zapisie PGN, na przykład { $example }.
game-option_fen = --fen „{ $value }” nie jest pozycją, którą można grać.
game-option_moves = --moves: posunięcia { $n } („{ $move }”) nie można tam wykonać.
game-option_moves_why = --moves: posunięcie { $n } („{ $move }”): { $why }
game-option_not_text = Słowo wiersza poleceń nie jest tekstem UTF-8: { $command } przyjmuje tylko tekst.

## hector listen: co usłyszano w nagraniu, gdy nie było to posunięcie.

listen-none = Nie usłyszano dozwolonego posunięcia: { $reason }.
listen-unsure = nie wiadomo na pewno, co powiedziano (najpewniej „{ $heard }”); proszę powtórzyć
listen-nothing_understood = niczego nie zrozumiano jako posunięcia ani polecenia
listen-nothing_heard = niczego nie usłyszano
listen-wav_missing = Plik { $file } nie istnieje.
listen-wav_open = Nie można otworzyć pliku { $file }.
listen-wav_not = Plik { $file } nie jest nagraniem WAV, które hector potrafi odczytać.
listen-wav_rate = Plik { $file } nagrano z częstotliwością { $rate } Hz; hector odczytuje nagrania od { $low } do { $high } Hz.
listen-wav_cut = Plik { $file } jest ucięty: nagranie kończy się w połowie danych.
listen-wav_long = Plik { $file } trwa dłużej niż { $longest } sekund; hector słucha jednego posunięcia lub polecenia naraz: nagraj każde osobno.

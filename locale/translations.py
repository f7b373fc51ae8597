"""The mail strings in Italian, Spanish and Dutch: `python locale/translations.py` fills the .po files.

Kept beside the catalogues so that a new mail string is translated here
once and written into all three. Command words (bid, pass, take ...) must
stay distinct within a language: replies are matched on them.
"""

T = {
    "Your seat in %(game_name)s was given to another player": (
        "Il tuo posto in %(game_name)s è stato dato a un altro giocatore",
        "Tu puesto en %(game_name)s se ha dado a otro jugador",
        "Je plaats in %(game_name)s is aan een andere speler gegeven",
    ),
    "%(by)s gave your seat in %(game_name)s to %(successor)s.": (
        "%(by)s ha dato il tuo posto in %(game_name)s a %(successor)s.",
        "%(by)s ha dado tu puesto en %(game_name)s a %(successor)s.",
        "%(by)s heeft je plaats in %(game_name)s aan %(successor)s gegeven.",
    ),
    "The game goes on without you; its log records the change: %(link)s": (
        "La partita continua senza di te; il suo registro riporta il cambio: %(link)s",
        "La partida sigue sin ti; su registro recoge el cambio: %(link)s",
        "Het spel gaat zonder jou verder; het logboek vermeldt de wijziging: %(link)s",
    ),
    "The game's log records the change.": (
        "Il registro della partita riporta il cambio.",
        "El registro de la partida recoge el cambio.",
        "Het logboek van het spel vermeldt de wijziging.",
    ),
    "Someone tried to sign up on %(site_name)s with your address": (
        "Qualcuno ha provato a iscriversi a %(site_name)s con il tuo indirizzo",
        "Alguien intentó registrarse en %(site_name)s con tu dirección",
        "Iemand probeerde zich op %(site_name)s aan te melden met jouw adres",
    ),
    'Somebody, perhaps you, tried to open a new account on %(site_name)s with this address. It already belongs to your account "%(name)s", so nothing was created.': (
        'Qualcuno, forse tu, ha provato ad aprire un nuovo account su %(site_name)s con questo indirizzo. Appartiene già al tuo account "%(name)s", quindi non è stato creato nulla.',
        'Alguien, quizá tú, intentó abrir una cuenta nueva en %(site_name)s con esta dirección. Ya pertenece a tu cuenta "%(name)s", así que no se ha creado nada.',
        'Iemand, misschien jij, probeerde een nieuw account op %(site_name)s te openen met dit adres. Het hoort al bij je account "%(name)s", dus er is niets aangemaakt.',
    ),
    "If you cannot log in, ask for a login link: %(link)s": (
        "Se non riesci ad accedere, chiedi un link di accesso: %(link)s",
        "Si no puedes entrar, pide un enlace de acceso: %(link)s",
        "Lukt inloggen niet, vraag dan een inloglink aan: %(link)s",
    ),
    "If you cannot log in, ask for a login link.": (
        "Se non riesci ad accedere, chiedi un link di accesso.",
        "Si no puedes entrar, pide un enlace de acceso.",
        "Lukt inloggen niet, vraag dan een inloglink aan.",
    ),
    "Your mail was too large to read (more than %(size)s MB). Reply with your move only.": (
        "La tua mail era troppo grande per essere letta (più di %(size)s MB). Rispondi solo con la tua mossa.",
        "Tu correo era demasiado grande para leerlo (más de %(size)s MB). Responde solo con tu jugada.",
        "Je mail was te groot om te lezen (meer dan %(size)s MB). Antwoord alleen met je zet.",
    ),
    "We could not read your mail; nothing was changed. Please reply again.": (
        "Non siamo riusciti a leggere la tua mail; non è cambiato nulla. Rispondi di nuovo.",
        "No pudimos leer tu correo; no se ha cambiado nada. Responde de nuevo.",
        "We konden je mail niet lezen; er is niets veranderd. Antwoord nog eens.",
    ),
    "a bot": ("un bot", "un bot", "een bot"),
    "This mail does not belong to this game.": (
        "Questa mail non appartiene a questa partita.",
        "Este correo no pertenece a esta partida.",
        "Deze mail hoort niet bij dit spel.",
    ),
    "The game is paused; you can act again when it resumes.": (
        "La partita è in pausa; potrai giocare di nuovo quando riprende.",
        "La partida está en pausa; podrás jugar de nuevo cuando se reanude.",
        "Het spel is gepauzeerd; je kunt weer spelen zodra het verdergaat.",
    ),
    "This game is over, so nothing can be played in it.": (
        "Questa partita è finita: non si può più giocare.",
        "Esta partida ha terminado: ya no se puede jugar.",
        "Dit spel is afgelopen: er kan niets meer gespeeld worden.",
    ),
    "The deadline of this move has passed; the default move is made for you at the deadline.": (
        "La scadenza di questa mossa è passata; alla scadenza viene fatta per te la mossa predefinita.",
        "El plazo de esta jugada ha vencido; al vencer se hace por ti la jugada por defecto.",
        "De termijn voor deze zet is verstreken; bij de termijn wordt de standaardzet voor je gedaan.",
    ),
    "The game has moved on since this mail was sent (you already answered it). Nothing was changed.": (
        "La partita è andata avanti da quando è stata inviata questa mail (hai già risposto). Non è cambiato nulla.",
        "La partida ha avanzado desde que se envió este correo (ya respondiste). No se ha cambiado nada.",
        "Het spel is verder gegaan sinds deze mail is verstuurd (je hebt al geantwoord). Er is niets veranderd.",
    ),
    "Play by mail": ("Gioco per posta", "Juego por correo", "Spelen per mail"),
    "An empty line is not a move.": (
        "Una riga vuota non è una mossa.",
        "Una línea vacía no es una jugada.",
        "Een lege regel is geen zet.",
    ),
    "“%(line)s” is not one of your legal moves now.": (
        "«%(line)s» non è una delle tue mosse valide ora.",
        "«%(line)s» no es una de tus jugadas válidas ahora.",
        "„%(line)s” is nu geen van je geldige zetten.",
    ),
    "One daily digest instead of a mail per turn": (
        "Un riepilogo giornaliero invece di una mail per turno",
        "Un resumen diario en lugar de un correo por turno",
        "Eén dagelijks overzicht in plaats van een mail per beurt",
    ),
    "First day away": ("Primo giorno di assenza", "Primer día fuera", "Eerste dag weg"),
    "Number of days": ("Numero di giorni", "Número de días", "Aantal dagen"),
    "We could not read your mail: it is not well-formed MIME. Please reply again.": (
        "Non siamo riusciti a leggere la tua mail: non è MIME ben formato. Rispondi di nuovo, per favore.",
        "No pudimos leer tu correo: no es MIME bien formado. Responde de nuevo, por favor.",
        "We konden je mail niet lezen: het is geen geldige MIME. Antwoord alsjeblieft opnieuw.",
    ),
    "The address you wrote to is not a game's reply address.": (
        "L'indirizzo a cui hai scritto non è l'indirizzo di risposta di una partita.",
        "La dirección a la que escribiste no es la dirección de respuesta de una partida.",
        "Het adres waarnaar je schreef is geen antwoordadres van een spel.",
    ),
    "The address you wrote to is not a valid reply address: it was changed or made up.": (
        "L'indirizzo a cui hai scritto non è un indirizzo di risposta valido: è stato modificato o inventato.",
        "La dirección a la que escribiste no es una dirección de respuesta válida: fue modificada o inventada.",
        "Het adres waarnaar je schreef is geen geldig antwoordadres: het is gewijzigd of verzonnen.",
    ),
    "We could not tell which game your mail is about: reply to a game mail from us.": (
        "Non capiamo a quale partita si riferisce la tua mail: rispondi a una nostra mail di gioco.",
        "No sabemos a qué partida se refiere tu correo: responde a uno de nuestros correos de juego.",
        "We weten niet over welk spel je mail gaat: antwoord op een spelmail van ons.",
    ),
    "This reply address belongs to another player's seat; you can only move for your own.": (
        "Questo indirizzo di risposta appartiene al posto di un altro giocatore; puoi muovere solo per il tuo.",
        "Esta dirección de respuesta pertenece al puesto de otro jugador; solo puedes jugar por el tuyo.",
        "Dit antwoordadres hoort bij de plaats van een andere speler; je kunt alleen voor je eigen plaats spelen.",
    ),
    "This mail was not sent from the address of the player whose move it is, so it was ignored.": (
        "Questa mail non è stata inviata dall'indirizzo del giocatore di turno, quindi è stata ignorata.",
        "Este correo no se envió desde la dirección del jugador al que le toca, así que se ha ignorado.",
        "Deze mail is niet verstuurd vanaf het adres van de speler die aan zet is, dus is hij genegeerd.",
    ),
    "The mail servers that delivered this mail say it did not come from your address (SPF/DKIM/"
    "DMARC failed), so it was ignored. If you sent it, reply from your usual mail account.": (
        "I server di posta che hanno consegnato questa mail dicono che non è partita dal tuo indirizzo (SPF/DKIM/DMARC non superati), quindi è stata ignorata. Se l'hai inviata tu, rispondi dal tuo solito account di posta.",
        "Los servidores de correo que entregaron este correo dicen que no salió de tu dirección (SPF/DKIM/DMARC fallidos), así que se ha ignorado. Si lo enviaste tú, responde desde tu cuenta de correo habitual.",
        "De mailservers die deze mail hebben afgeleverd zeggen dat hij niet van jouw adres kwam (SPF/DKIM/DMARC mislukt), dus is hij genegeerd. Heb je hem zelf gestuurd, antwoord dan vanaf je gewone mailaccount.",
    ),
    "Your mail had only HTML in it; please reply in plain text with one move per line.": (
        "La tua mail conteneva solo HTML; rispondi in testo semplice, una mossa per riga.",
        "Tu correo solo contenía HTML; responde en texto plano, una jugada por línea.",
        "Je mail bevatte alleen HTML; antwoord in platte tekst, één zet per regel.",
    ),
    "Your mail was empty: write your move on the first line of the reply.": (
        "La tua mail era vuota: scrivi la tua mossa nella prima riga della risposta.",
        "Tu correo estaba vacío: escribe tu jugada en la primera línea de la respuesta.",
        "Je mail was leeg: schrijf je zet op de eerste regel van je antwoord.",
    ),
    "We found no move in your reply: write it on the first line, above the quoted mail.": (
        "Non abbiamo trovato nessuna mossa nella tua risposta: scrivila nella prima riga, sopra la mail citata.",
        "No encontramos ninguna jugada en tu respuesta: escríbela en la primera línea, encima del correo citado.",
        "We vonden geen zet in je antwoord: schrijf hem op de eerste regel, boven de geciteerde mail.",
    ),
    "Your turn": ("Il tuo turno", "Tu turno", "Jouw beurt"),
    "Results of each round": ("Risultati di ogni round", "Resultados de cada ronda", "Uitslag van elke ronde"),
    "Reminders before a deadline": (
        "Promemoria prima di una scadenza",
        "Recordatorios antes de un plazo",
        "Herinneringen voor een termijn",
    ),
    "You timed out": ("Hai superato il tempo", "Se te acabó el tiempo", "Je tijd is verstreken"),
    "Game over": ("Partita finita", "Partida terminada", "Spel afgelopen"),
    "A tournament round starts": (
        "Inizia un turno di torneo",
        "Empieza una ronda de torneo",
        "Een toernooironde begint",
    ),
    "Leo": ("Leo", "Leo", "Leo"),
    "Seat %(number)s": ("Posto %(number)s", "Puesto %(number)s", "Plaats %(number)s"),
    "lay": ("posa", "pon", "leg"),
    "row": ("fila", "fila", "rij"),
    "family": ("famiglia", "familia", "familie"),
    "flamingo": ("fenicottero", "flamenco", "flamingo"),
    "owl": ("gufo", "búho", "uil"),
    "toucan": ("tucano", "tucán", "toekan"),
    "duck": ("anatra", "pato", "eend"),
    "parrot": ("pappagallo", "loro", "papegaai"),
    "magpie": ("gazza", "urraca", "ekster"),
    "reed warbler": ("cannaiola", "carricero", "karekiet"),
    "robin": ("pettirosso", "petirrojo", "roodborstje"),
    "left": ("sinistra", "izquierda", "links"),
    "right": ("destra", "derecha", "rechts"),
    "draw": ("pesca", "roba", "trek"),
    "no draw": ("non pescare", "no robar", "niet trekken"),
    "no family": ("nessuna famiglia", "sin familia", "geen familie"),
    "Your hand": ("La tua mano", "Tu mano", "Je hand"),
    "Row %(number)s: %(birds)s": (
        "Fila %(number)s: %(birds)s",
        "Fila %(number)s: %(birds)s",
        "Rij %(number)s: %(birds)s",
    ),
    "Rows": ("File", "Filas", "Rijen"),
    "%(name)s: %(cards)s cards in hand; collection: %(birds)s": (
        "%(name)s: %(cards)s carte in mano; collezione: %(birds)s",
        "%(name)s: %(cards)s cartas en mano; colección: %(birds)s",
        "%(name)s: %(cards)s kaarten in de hand; verzameling: %(birds)s",
    ),
    "Players": ("Giocatori", "Jugadores", "Spelers"),
    "Deck": ("Mazzo", "Mazo", "Trekstapel"),
    "%(deck)s cards in the deck, %(discard)s in the discard pile": (
        "%(deck)s carte nel mazzo, %(discard)s negli scarti",
        "%(deck)s cartas en el mazo, %(discard)s en los descartes",
        "%(deck)s kaarten in de trekstapel, %(discard)s op de aflegstapel",
    ),
    "hatch": ("cova", "incuba", "broed"),
    "bird": ("uccello", "ave", "vogel"),
    "grow": ("cresci", "crece", "groei"),
    "deck": ("mazzo", "mazo", "trekstapel"),
    "discard pile": ("scarti", "descartes", "aflegstapel"),
    "done": ("fatto", "hecho", "klaar"),
    "Bird %(number)s: %(cards)s": (
        "Uccello %(number)s: %(cards)s",
        "Ave %(number)s: %(cards)s",
        "Vogel %(number)s: %(cards)s",
    ),
    "Ranch of %(name)s": ("Ranch di %(name)s", "Rancho de %(name)s", "Ranch van %(name)s"),
    "Year %(year)s of %(years)s": (
        "Anno %(year)s di %(years)s",
        "Año %(year)s de %(years)s",
        "Jaar %(year)s van %(years)s",
    ),
    "Discard pile top: %(card)s": (
        "In cima agli scarti: %(card)s",
        "Arriba de los descartes: %(card)s",
        "Boven op de aflegstapel: %(card)s",
    ),
    "%(count)s cards in the deck": (
        "%(count)s carte nel mazzo",
        "%(count)s cartas en el mazo",
        "%(count)s kaarten in de trekstapel",
    ),
    "Scores: %(scores)s": ("Punteggi: %(scores)s", "Puntuaciones: %(scores)s", "Scores: %(scores)s"),
    "%(name)s scored %(score)s this year": (
        "%(name)s ha fatto %(score)s punti quest'anno",
        "%(name)s ha sumado %(score)s puntos este año",
        "%(name)s scoorde dit jaar %(score)s",
    ),
    "Bird %(number)s: %(cards)s: %(score)s": (
        "Uccello %(number)s: %(cards)s: %(score)s",
        "Ave %(number)s: %(cards)s: %(score)s",
        "Vogel %(number)s: %(cards)s: %(score)s",
    ),
    "Year %(year)s": ("Anno %(year)s", "Año %(year)s", "Jaar %(year)s"),
    "eagle": ("aquila", "águila", "arend"),
    "swap": ("scambia", "cambia", "ruil"),
    "take": ("prendi", "toma", "neem"),
    # Which copy of a species on display (words of reply commands: distinct per language).
    "nearest the deck": ("più vicino al mazzo", "más cercano al mazo", "dichtst bij de stapel"),
    "farthest from the deck": ("più lontano dal mazzo", "más lejano del mazo", "verst van de stapel"),
    "in the middle": ("nel mezzo", "en el medio", "in het midden"),
    "Refill": ("Ricarica", "Recarga", "Aanvullen"),
    "bid": ("offerta", "oferta", "bod"),
    "discard": ("scarta", "descarta", "leg af"),
    "pay": ("paga", "paga", "betaal"),
    "keep": ("tieni", "conserva", "houd"),
    "reveal": ("rivela", "revela", "onthul"),
    "no swap": ("nessuno scambio", "sin cambio", "niet ruilen"),
    "pass": ("passo", "paso", "pas"),
    "%(count)s cards in hand": ("%(count)s carte in mano", "%(count)s cartas en mano", "%(count)s kaarten in de hand"),
    "bid %(card)s": ("offerta %(card)s", "oferta %(card)s", "bod %(card)s"),
    "has bid": ("ha fatto l'offerta", "ha ofertado", "heeft geboden"),
    "paid %(cards)s": ("ha pagato %(cards)s", "ha pagado %(cards)s", "betaalde %(cards)s"),
    "%(count)s cards face down": ("%(count)s carte coperte", "%(count)s cartas boca abajo", "%(count)s kaarten gedekt"),
    "animals: %(animals)s": ("animali: %(animals)s", "animales: %(animals)s", "dieren: %(animals)s"),
    "Leader of %(species)s": ("Capobranco di %(species)s", "Líder de %(species)s", "Leider van %(species)s"),
    "%(count)s tokens": ("%(count)s gettoni", "%(count)s fichas", "%(count)s fiches"),
    "holds the Talisman": ("ha il Talismano", "tiene el Talismán", "heeft de Talisman"),
    "(you)": ("(tu)", "(tú)", "(jij)"),
    "Bids revealed: %(bids)s": (
        "Offerte rivelate: %(bids)s",
        "Ofertas reveladas: %(bids)s",
        "Onthulde biedingen: %(bids)s",
    ),
    "%(who)s took the %(animal)s": (
        "%(who)s ha preso: %(animal)s",
        "%(who)s se llevó: %(animal)s",
        "%(who)s nam: %(animal)s",
    ),
    "%(who)s passed and drew %(count)s": (
        "%(who)s ha passato e pescato %(count)s",
        "%(who)s pasó y robó %(count)s",
        "%(who)s paste en trok %(count)s",
    ),
    "Order of taking: %(order)s": (
        "Ordine di presa: %(order)s",
        "Orden para llevarse: %(order)s",
        "Volgorde van nemen: %(order)s",
    ),
    "%(who)s refilled and drew %(count)s": (
        "%(who)s ha ricaricato e pescato %(count)s",
        "%(who)s recargó y robó %(count)s",
        "%(who)s vulde aan en trok %(count)s",
    ),
    "%(who)s kept %(card)s as the bid": (
        "%(who)s ha tenuto %(card)s come offerta",
        "%(who)s se quedó %(card)s como oferta",
        "%(who)s hield %(card)s als bod",
    ),
    "%(who)s took back %(card)s (Ibex)": (
        "%(who)s ha ripreso %(card)s (Stambecco)",
        "%(who)s recuperó %(card)s (Íbice)",
        "%(who)s nam %(card)s terug (Steenbok)",
    ),
    "%(who)s revealed %(card)s": (
        "%(who)s ha rivelato %(card)s",
        "%(who)s reveló %(card)s",
        "%(who)s onthulde %(card)s",
    ),
    "Your face-down bid": ("La tua offerta coperta", "Tu oferta boca abajo", "Je gedekte bod"),
    "Display": ("Esposizione", "Exposición", "Uitstalling"),
    "Being paid for": ("In pagamento", "Pagándose", "Wordt betaald"),
    "This round so far": ("Questo round finora", "Esta ronda hasta ahora", "Deze ronde tot nu toe"),
    "Round %(round)s": ("Round %(round)s", "Ronda %(round)s", "Ronde %(round)s"),
    "%(count)s animals left in the deck": (
        "%(count)s animali rimasti nel mazzo",
        "%(count)s animales quedan en el mazo",
        "%(count)s dieren over in de stapel",
    ),
    "What happened": ("Cosa è successo", "Qué pasó", "Wat er gebeurde"),
    "Collections now": ("Collezioni ora", "Colecciones ahora", "Verzamelingen nu"),
    "play": ("gioca", "juega", "speel"),
    "trump": ("briscola", "triunfo", "troef"),
    "blue": ("blu", "azul", "blauw"),
    "green": ("verde", "verde", "groen"),
    "red": ("rosso", "rojo", "rood"),
    "yellow": ("giallo", "amarillo", "geel"),
    "wizard": ("stregone", "mago", "tovenaar"),
    "jester": ("giullare", "bufón", "nar"),
    "Hand of %(name)s": ("Mano di %(name)s", "Mano de %(name)s", "Hand van %(name)s"),
    "none": ("nessuna", "ninguno", "geen"),
    "Round %(round)s of %(rounds)s": (
        "Round %(round)s di %(rounds)s",
        "Ronda %(round)s de %(rounds)s",
        "Ronde %(round)s van %(rounds)s",
    ),
    "Trump card: %(card)s; trump: %(trump)s": (
        "Carta di briscola: %(card)s; briscola: %(trump)s",
        "Carta de triunfo: %(card)s; triunfo: %(trump)s",
        "Troefkaart: %(card)s; troef: %(trump)s",
    ),
    "sealed": ("coperta", "oculta", "gedekt"),
    "%(name)s: bid %(bid)s, tricks %(tricks)s, score %(score)s": (
        "%(name)s: dichiarazione %(bid)s, prese %(tricks)s, punti %(score)s",
        "%(name)s: apuesta %(bid)s, bazas %(tricks)s, puntos %(score)s",
        "%(name)s: bod %(bid)s, slagen %(tricks)s, score %(score)s",
    ),
    "Trick so far": ("Presa finora", "Baza hasta ahora", "Slag tot nu toe"),
    "Last trick": ("Ultima presa", "Última baza", "Laatste slag"),
    "won by %(name)s": ("vinta da %(name)s", "ganada por %(name)s", "gewonnen door %(name)s"),
    "%(name)s: bid %(bid)s, took %(tricks)s tricks, %(points)+d points, total %(score)s": (
        "%(name)s: dichiarazione %(bid)s, %(tricks)s prese, %(points)+d punti, totale %(score)s",
        "%(name)s: apuesta %(bid)s, %(tricks)s bazas, %(points)+d puntos, total %(score)s",
        "%(name)s: bod %(bid)s, %(tricks)s slagen, %(points)+d punten, totaal %(score)s",
    ),
    "Book between 1 and %(max)s days at a time.": (
        "Prenota da 1 a %(max)s giorni alla volta.",
        "Reserva entre 1 y %(max)s días cada vez.",
        "Boek 1 tot %(max)s dagen tegelijk.",
    ),
    "A vacation cannot start in the past.": (
        "Una vacanza non può iniziare nel passato.",
        "Unas vacaciones no pueden empezar en el pasado.",
        "Een vakantie kan niet in het verleden beginnen.",
    ),
    "These days overlap a vacation you booked already.": (
        "Questi giorni si sovrappongono a una vacanza già prenotata.",
        "Estos días se solapan con unas vacaciones ya reservadas.",
        "Deze dagen overlappen een vakantie die je al hebt geboekt.",
    ),
    "That is %(days)s days in %(year)s, but only %(left)s of your %(allowance)s are left.": (
        "Sono %(days)s giorni nel %(year)s, ma te ne restano solo %(left)s dei tuoi %(allowance)s.",
        "Son %(days)s días en %(year)s, pero solo te quedan %(left)s de tus %(allowance)s.",
        "Dat zijn %(days)s dagen in %(year)s, maar je hebt er nog maar %(left)s van je %(allowance)s over.",
    ),
    "This link is not valid": ("Questo link non è valido", "Este enlace no es válido", "Deze link is niet geldig"),
    "It was changed or made up. Nothing was changed.": (
        "È stato modificato o inventato. Non è cambiato nulla.",
        "Fue modificado o inventado. No se ha cambiado nada.",
        "Hij is gewijzigd of verzonnen. Er is niets veranderd.",
    ),
    "Its game no longer exists. Nothing was changed.": (
        "La sua partita non esiste più. Non è cambiato nulla.",
        "Su partida ya no existe. No se ha cambiado nada.",
        "Het spel bestaat niet meer. Er is niets veranderd.",
    ),
    "This link was used already": (
        "Questo link è già stato usato",
        "Este enlace ya se usó",
        "Deze link is al gebruikt",
    ),
    "Your move “%(move)s” was made.": (
        "La tua mossa «%(move)s» è stata fatta.",
        "Tu jugada «%(move)s» se ha hecho.",
        "Je zet „%(move)s” is gedaan.",
    ),
    "This link has expired": ("Questo link è scaduto", "Este enlace ha caducado", "Deze link is verlopen"),
    "Its deadline has passed; nothing was changed.": (
        "La sua scadenza è passata; non è cambiato nulla.",
        "Su plazo ha vencido; no se ha cambiado nada.",
        "De termijn is verstreken; er is niets veranderd.",
    ),
    "This link no longer works": (
        "Questo link non funziona più",
        "Este enlace ya no funciona",
        "Deze link werkt niet meer",
    ),
    "Your move was not made": ("La tua mossa non è stata fatta", "Tu jugada no se ha hecho", "Je zet is niet gedaan"),
    "the daily digest": ("il riepilogo giornaliero", "el resumen diario", "het dagelijkse overzicht"),
    "Your mail preferences were saved.": (
        "Le tue preferenze di posta sono state salvate.",
        "Tus preferencias de correo se han guardado.",
        "Je mailvoorkeuren zijn opgeslagen.",
    ),
    "Your vacation is booked; your deadlines wait for you.": (
        "La tua vacanza è prenotata; le tue scadenze ti aspettano.",
        "Tus vacaciones están reservadas; tus plazos te esperan.",
        "Je vakantie is geboekt; je termijnen wachten op je.",
    ),
    "The vacation was cancelled.": (
        "La vacanza è stata annullata.",
        "Las vacaciones se han cancelado.",
        "De vakantie is geannuleerd.",
    ),
    "Only a vacation that has not started can be cancelled.": (
        "Si può annullare solo una vacanza non ancora iniziata.",
        "Solo se pueden cancelar vacaciones que no han empezado.",
        "Alleen een vakantie die nog niet begonnen is kan worden geannuleerd.",
    ),
    "Forest": ("Foresta", "Bosque", "Bos"),
    "Mountains": ("Montagne", "Montañas", "Bergen"),
    "Savannah": ("Savana", "Sabana", "Savanne"),
    "Wild": ("Jolly", "Comodín", "Wild"),
    "Peacock": ("Pavone", "Pavo real", "Pauw"),
    "Squirrel": ("Scoiattolo", "Ardilla", "Eekhoorn"),
    "Eagle": ("Aquila", "Águila", "Arend"),
    "Ibex": ("Stambecco", "Íbice", "Steenbok"),
    "Lion": ("Leone", "León", "Leeuw"),
    "Meerkat": ("Suricato", "Suricata", "Stokstaartje"),
    "the Refill card": ("la carta Ricarica", "la carta Recarga", "de Aanvulkaart"),
    "a card from the deck": ("una carta dal mazzo", "una carta del mazo", "een kaart van de stapel"),
    "Bid %(card)s": ("Offri %(card)s", "Ofrece %(card)s", "Bied %(card)s"),
    "Bid two cards face down: %(cards)s": (
        "Offri due carte coperte: %(cards)s",
        "Ofrece dos cartas boca abajo: %(cards)s",
        "Bied twee kaarten gedekt: %(cards)s",
    ),
    "Keep %(card)s as the bid": (
        "Tieni %(card)s come offerta",
        "Quédate %(card)s como oferta",
        "Houd %(card)s als bod",
    ),
    "Swap a %(give)s for the %(take)s": (
        "Scambia un %(give)s con %(take)s",
        "Cambia un %(give)s por %(take)s",
        "Ruil een %(give)s voor %(take)s",
    ),
    "No swap": ("Nessuno scambio", "Sin cambio", "Niet ruilen"),
    "Discard %(card)s": ("Scarta %(card)s", "Descarta %(card)s", "Leg %(card)s af"),
    "Done: draw back up": ("Fatto: ripesca", "Hecho: vuelve a robar", "Klaar: trek bij"),
    "Lay %(card)s face down": ("Posa %(card)s coperta", "Pon %(card)s boca abajo", "Leg %(card)s gedekt"),
    "Reveal %(card)s": ("Rivela %(card)s", "Revela %(card)s", "Onthul %(card)s"),
    "Take the %(animal)s": ("Prendi: %(animal)s", "Llévate: %(animal)s", "Neem: %(animal)s"),
    "Pass: take the bid back and draw 2": (
        "Passa: riprendi l'offerta e pesca 2",
        "Pasa: recupera la oferta y roba 2",
        "Pas: neem je bod terug en trek er 2",
    ),
    "Pay %(card)s": ("Paga %(card)s", "Paga %(card)s", "Betaal %(card)s"),
    "There is no such game.": ("Questa partita non esiste.", "Esa partida no existe.", "Dat spel bestaat niet."),
    "This game is not running, so nothing can be played in it.": (
        "Questa partita non è in corso: non si può giocare.",
        "Esta partida no está en curso: no se puede jugar.",
        "Dit spel loopt niet: er kan niets gespeeld worden.",
    ),
    "This submission does not say which position of the game it answers.": (
        "Questo invio non dice a quale posizione della partita risponde.",
        "Este envío no dice a qué posición de la partida responde.",
        "Deze inzending zegt niet op welke stand van het spel ze antwoordt.",
    ),
    "The game has moved on since this was sent (a repeated submission, another tab or an old mail). Nothing was changed; look at the table as it is now.": (
        "La partita è andata avanti da quando è stato inviato (un invio ripetuto, un'altra scheda o una vecchia mail). Non è cambiato nulla; guarda il tavolo com'è ora.",
        "La partida ha avanzado desde que se envió (un envío repetido, otra pestaña o un correo antiguo). No se ha cambiado nada; mira la mesa como está ahora.",
        "Het spel is verder gegaan sinds dit is verstuurd (een herhaalde inzending, een ander tabblad of een oude mail). Er is niets veranderd; kijk naar de tafel zoals die nu is.",
    ),
    "You cannot act for a seat that is not yours.": (
        "Non puoi giocare per un posto che non è tuo.",
        "No puedes jugar por un puesto que no es tuyo.",
        "Je kunt niet spelen voor een plaats die niet van jou is.",
    ),
    "Set a new password": ("Imposta una nuova password", "Elige una contraseña nueva", "Kies een nieuw wachtwoord"),
    "Save": ("Salva", "Guardar", "Opslaan"),
    "Confirm your move": ("Conferma la tua mossa", "Confirma tu jugada", "Bevestig je zet"),
    "In %(name)s: %(label)s": ("In %(name)s: %(label)s", "En %(name)s: %(label)s", "In %(name)s: %(label)s"),
    "Make this move": ("Fai questa mossa", "Haz esta jugada", "Doe deze zet"),
    "Open the table": ("Apri il tavolo", "Abre la mesa", "Open de tafel"),
    "Your move was made": ("La tua mossa è stata fatta", "Tu jugada se ha hecho", "Je zet is gedaan"),
    "Your turn goes on: choose your next step.": (
        "Il tuo turno continua: scegli il prossimo passo.",
        "Tu turno sigue: elige el siguiente paso.",
        "Je beurt gaat door: kies je volgende stap.",
    ),
    "Mail preferences": ("Preferenze di posta", "Preferencias de correo", "Mailvoorkeuren"),
    "Vacation": ("Vacanza", "Vacaciones", "Vakantie"),
    "While you are away your deadlines do not run. You have used %(used)s of your %(allowance)s vacation days in %(year)s.": (
        "Mentre sei via le tue scadenze non corrono. Hai usato %(used)s dei tuoi %(allowance)s giorni di vacanza nel %(year)s.",
        "Mientras estás fuera tus plazos no corren. Has usado %(used)s de tus %(allowance)s días de vacaciones en %(year)s.",
        "Terwijl je weg bent lopen je termijnen niet. Je hebt %(used)s van je %(allowance)s vakantiedagen in %(year)s gebruikt.",
    ),
    "Cancel": ("Annulla", "Cancelar", "Annuleren"),
    "Book these days": ("Prenota questi giorni", "Reserva estos días", "Boek deze dagen"),
    "Unsubscribe": ("Annulla l'iscrizione", "Darse de baja", "Afmelden"),
    "Stop mail of this kind: %(label)s?": (
        "Smettere di ricevere mail di questo tipo: %(label)s?",
        "¿Dejar de recibir correos de este tipo: %(label)s?",
        "Geen mail meer van deze soort: %(label)s?",
    ),
    "Unsubscribed": ("Iscrizione annullata", "Baja confirmada", "Afgemeld"),
    "You will get no more mail of this kind: %(label)s. You can change this in your mail preferences.": (
        "Non riceverai più mail di questo tipo: %(label)s. Puoi cambiarlo nelle preferenze di posta.",
        "No recibirás más correos de este tipo: %(label)s. Puedes cambiarlo en tus preferencias de correo.",
        "Je krijgt geen mail meer van deze soort: %(label)s. Je kunt dit wijzigen in je mailvoorkeuren.",
    ),
    "%(player)s, these games wait for your move, the most urgent first:": (
        "%(player)s, queste partite aspettano la tua mossa, prima le più urgenti:",
        "%(player)s, estas partidas esperan tu jugada, primero las más urgentes:",
        "%(player)s, deze spellen wachten op je zet, de dringendste eerst:",
    ),
    "%(left)s left (until %(deadline)s)": (
        "restano %(left)s (fino a %(deadline)s)",
        "quedan %(left)s (hasta %(deadline)s)",
        "nog %(left)s (tot %(deadline)s)",
    ),
    "Unsubscribe from this kind of mail": (
        "Non ricevere più mail di questo tipo",
        "Darse de baja de este tipo de correo",
        "Afmelden voor deze soort mail",
    ),
    "Reply to": ("Rispondi a", "Responde a", "Antwoord aan"),
    "Your move": ("La tua mossa", "Tu jugada", "Jouw zet"),
    "Reply to this mail with one of these lines (in any of our four languages), or use a button:": (
        "Rispondi a questa mail con una di queste righe (in una qualsiasi delle nostre quattro lingue), oppure usa un pulsante:",
        "Responde a este correo con una de estas líneas (en cualquiera de nuestros cuatro idiomas), o usa un botón:",
        "Antwoord op deze mail met een van deze regels (in een van onze vier talen), of gebruik een knop:",
    ),
    "To move, reply to this mail with one of these lines (in any of our four languages):": (
        "Per muovere, rispondi a questa mail con una di queste righe (in una qualsiasi delle nostre quattro lingue):",
        "Para jugar, responde a este correo con una de estas líneas (en cualquiera de nuestros cuatro idiomas):",
        "Om te spelen, antwoord op deze mail met een van deze regels (in een van onze vier talen):",
    ),
    "or open": ("oppure apri", "o abre", "of open"),
    "%(game_name)s is over. Final standings:": (
        "%(game_name)s è finita. Classifica finale:",
        "%(game_name)s ha terminado. Clasificación final:",
        "%(game_name)s is afgelopen. Eindstand:",
    ),
    "Rating changes": ("Variazioni di punteggio", "Cambios de puntuación", "Ratingwijzigingen"),
    "you": ("tu", "tú", "jij"),
    "%(game_name)s is over": ("%(game_name)s è finita", "%(game_name)s ha terminado", "%(game_name)s is afgelopen"),
    "%(inviter)s invites you to play %(game)s on %(site_name)s. Take your seat here (sign up first if you have no account):": (
        "%(inviter)s ti invita a giocare a %(game)s su %(site_name)s. Prendi il tuo posto qui (registrati prima se non hai un account):",
        "%(inviter)s te invita a jugar a %(game)s en %(site_name)s. Ocupa tu puesto aquí (regístrate antes si no tienes cuenta):",
        "%(inviter)s nodigt je uit om %(game)s te spelen op %(site_name)s. Neem hier je plaats in (meld je eerst aan als je geen account hebt):",
    ),
    "Take my seat": ("Prendo il mio posto", "Ocupar mi puesto", "Neem mijn plaats in"),
    "%(inviter)s invites you to %(game)s": (
        "%(inviter)s ti invita a %(game)s",
        "%(inviter)s te invita a %(game)s",
        "%(inviter)s nodigt je uit voor %(game)s",
    ),
    "Hello %(name)s,": ("Ciao %(name)s,", "Hola %(name)s:", "Hallo %(name)s,"),
    "this link logs you in once, within %(minutes)s minutes:": (
        "questo link ti fa accedere una volta, entro %(minutes)s minuti:",
        "este enlace te permite entrar una vez, en los próximos %(minutes)s minutos:",
        "met deze link log je één keer in, binnen %(minutes)s minuten:",
    ),
    "Log me in": ("Fammi accedere", "Entrar", "Log me in"),
    "If you did not ask for it, ignore this mail.": (
        "Se non l'hai chiesto, ignora questa mail.",
        "Si no lo pediste, ignora este correo.",
        "Heb je hier niet om gevraagd, negeer dan deze mail.",
    ),
    "Hello %(name)s,\\n\\nthis link logs you in once, within %(minutes)s minutes:": (
        "Ciao %(name)s,\\n\\nquesto link ti fa accedere una volta, entro %(minutes)s minuti:",
        "Hola %(name)s:\\n\\neste enlace te permite entrar una vez, en los próximos %(minutes)s minutos:",
        "Hallo %(name)s,\\n\\nmet deze link log je één keer in, binnen %(minutes)s minuten:",
    ),
    "Your login link for %(site_name)s": (
        "Il tuo link di accesso a %(site_name)s",
        "Tu enlace de acceso a %(site_name)s",
        "Je inloglink voor %(site_name)s",
    ),
    "Your move in %(game_name)s was made:": (
        "La tua mossa in %(game_name)s è stata fatta:",
        "Tu jugada en %(game_name)s se ha hecho:",
        "Je zet in %(game_name)s is gedaan:",
    ),
    "Nothing was changed.": ("Non è cambiato nulla.", "No se ha cambiado nada.", "Er is niets veranderd."),
    "Answer by %(deadline)s.": (
        "Rispondi entro %(deadline)s.",
        "Responde antes de %(deadline)s.",
        "Antwoord voor %(deadline)s.",
    ),
    "Your legal moves now:": ("Le tue mosse valide ora:", "Tus jugadas válidas ahora:", "Je geldige zetten nu:"),
    "this link lets you set a new password, once, within %(hours)s hours:": (
        "questo link ti permette di impostare una nuova password, una volta, entro %(hours)s ore:",
        "este enlace te permite elegir una contraseña nueva, una vez, en las próximas %(hours)s horas:",
        "met deze link kies je één keer een nieuw wachtwoord, binnen %(hours)s uur:",
    ),
    "If you did not ask for it, ignore this mail: your password stays as it is.": (
        "Se non l'hai chiesto, ignora questa mail: la tua password resta com'è.",
        "Si no lo pediste, ignora este correo: tu contraseña no cambia.",
        "Heb je hier niet om gevraagd, negeer dan deze mail: je wachtwoord blijft zoals het is.",
    ),
    "Hello %(name)s,\\n\\nthis link lets you set a new password, once, within %(hours)s hours:": (
        "Ciao %(name)s,\\n\\nquesto link ti permette di impostare una nuova password, una volta, entro %(hours)s ore:",
        "Hola %(name)s:\\n\\neste enlace te permite elegir una contraseña nueva, una vez, en las próximas %(hours)s horas:",
        "Hallo %(name)s,\\n\\nmet deze link kies je één keer een nieuw wachtwoord, binnen %(hours)s uur:",
    ),
    "Set a new password for %(site_name)s": (
        "Imposta una nuova password per %(site_name)s",
        "Elige una contraseña nueva para %(site_name)s",
        "Kies een nieuw wachtwoord voor %(site_name)s",
    ),
    "Round %(round)s of %(game_name)s is over. This is what it revealed:": (
        "Il round %(round)s di %(game_name)s è finito. Ecco cosa ha rivelato:",
        "La ronda %(round)s de %(game_name)s ha terminado. Esto es lo que reveló:",
        "Ronde %(round)s van %(game_name)s is voorbij. Dit is wat ze onthulde:",
    ),
    "%(game_name)s: results of round %(round)s": (
        "%(game_name)s: risultati del round %(round)s",
        "%(game_name)s: resultados de la ronda %(round)s",
        "%(game_name)s: uitslag van ronde %(round)s",
    ),
    "Your move in %(game_name)s is still open. Answer by %(deadline)s, or the default move is made for you.": (
        "La tua mossa in %(game_name)s è ancora aperta. Rispondi entro %(deadline)s, altrimenti viene fatta per te la mossa predefinita.",
        "Tu jugada en %(game_name)s sigue pendiente. Responde antes de %(deadline)s o se hará por ti la jugada por defecto.",
        "Je zet in %(game_name)s staat nog open. Antwoord voor %(deadline)s, anders wordt de standaardzet voor je gedaan.",
    ),
    "Reminder: your move in %(game_name)s": (
        "Promemoria: la tua mossa in %(game_name)s",
        "Recordatorio: tu jugada en %(game_name)s",
        "Herinnering: je zet in %(game_name)s",
    ),
    "The deadline passed, so the default move was made for you.": (
        "La scadenza è passata, quindi è stata fatta per te la mossa predefinita.",
        "El plazo venció, así que se hizo por ti la jugada por defecto.",
        "De termijn is verstreken, dus de standaardzet is voor je gedaan.",
    ),
    "You missed several deadlines in a row, so a bot plays your seat from now on and you count as having left the game.": (
        "Hai mancato diverse scadenze di fila, quindi da ora un bot gioca al tuo posto e risulti aver lasciato la partita.",
        "Has perdido varios plazos seguidos, así que desde ahora un bot juega tu puesto y cuentas como que has dejado la partida.",
        "Je hebt meerdere termijnen na elkaar gemist, dus vanaf nu speelt een bot je plaats en tel je als vertrokken uit het spel.",
    ),
    "A bot took your seat in %(game_name)s": (
        "Un bot ha preso il tuo posto in %(game_name)s",
        "Un bot ocupó tu puesto en %(game_name)s",
        "Een bot heeft je plaats in %(game_name)s overgenomen",
    ),
    "You missed a deadline in %(game_name)s": (
        "Hai mancato una scadenza in %(game_name)s",
        "Perdiste un plazo en %(game_name)s",
        "Je hebt een termijn gemist in %(game_name)s",
    ),
    "%(player)s, round %(round)s of %(tournament)s has started. Your games:": (
        "%(player)s, è iniziato il turno %(round)s di %(tournament)s. Le tue partite:",
        "%(player)s, ha empezado la ronda %(round)s de %(tournament)s. Tus partidas:",
        "%(player)s, ronde %(round)s van %(tournament)s is begonnen. Je spellen:",
    ),
    "%(tournament)s: round %(round)s has started": (
        "%(tournament)s: è iniziato il turno %(round)s",
        "%(tournament)s: ha empezado la ronda %(round)s",
        "%(tournament)s: ronde %(round)s is begonnen",
    ),
    "please confirm this address to start playing on %(site_name)s:": (
        "conferma questo indirizzo per iniziare a giocare su %(site_name)s:",
        "confirma esta dirección para empezar a jugar en %(site_name)s:",
        "bevestig dit adres om te beginnen met spelen op %(site_name)s:",
    ),
    "Confirm my address": ("Conferma il mio indirizzo", "Confirmar mi dirección", "Bevestig mijn adres"),
    "If you did not sign up, ignore this mail: nothing happens without the link.": (
        "Se non ti sei registrato, ignora questa mail: senza il link non succede nulla.",
        "Si no te registraste, ignora este correo: sin el enlace no pasa nada.",
        "Heb je je niet aangemeld, negeer dan deze mail: zonder de link gebeurt er niets.",
    ),
    "Hello %(name)s,\\n\\nplease confirm this address to start playing on %(site_name)s:": (
        "Ciao %(name)s,\\n\\nconferma questo indirizzo per iniziare a giocare su %(site_name)s:",
        "Hola %(name)s:\\n\\nconfirma esta dirección para empezar a jugar en %(site_name)s:",
        "Hallo %(name)s,\\n\\nbevestig dit adres om te beginnen met spelen op %(site_name)s:",
    ),
    "Confirm your address for %(site_name)s": (
        "Conferma il tuo indirizzo per %(site_name)s",
        "Confirma tu dirección para %(site_name)s",
        "Bevestig je adres voor %(site_name)s",
    ),
    "%(player)s, it is your move in %(game_name)s.": (
        "%(player)s, tocca a te in %(game_name)s.",
        "%(player)s, te toca jugar en %(game_name)s.",
        "%(player)s, je bent aan zet in %(game_name)s.",
    ),
    "Answer by %(deadline)s; after that the default move is made for you.": (
        "Rispondi entro %(deadline)s; dopo viene fatta per te la mossa predefinita.",
        "Responde antes de %(deadline)s; después se hará por ti la jugada por defecto.",
        "Antwoord voor %(deadline)s; daarna wordt de standaardzet voor je gedaan.",
    ),
    "Your move in %(game_name)s": (
        "La tua mossa in %(game_name)s",
        "Tu jugada en %(game_name)s",
        "Je zet in %(game_name)s",
    ),
}
PLURALS = {
    "%(counter)s game waits for your move": (
        ("%(counter)s partita aspetta la tua mossa", "%(counter)s partite aspettano la tua mossa"),
        ("%(counter)s partida espera tu jugada", "%(counter)s partidas esperan tu jugada"),
        ("%(counter)s spel wacht op je zet", "%(counter)s spellen wachten op je zet"),
    ),
}
LANGS = ("it", "es", "nl")


def _quote(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


def fill(path: str, index: int) -> list[str]:
    """Write the translations into one .po file; returns the msgids still untranslated."""
    import re
    from pathlib import Path

    blocks = Path(path).read_text(encoding="utf-8").split("\n\n")
    missing = []
    out = [blocks[0]]
    for block in blocks[1:]:
        comments = [line for line in block.splitlines() if line.startswith("#")]
        body = "\n".join(line for line in block.splitlines() if not line.startswith("#"))
        msgid = "".join(re.findall(r'"(.*)"', body.split("msgid_plural")[0].split("msgstr")[0]))
        msgid = msgid.replace('\\"', '"')
        head = body.split("msgstr")[0].rstrip()
        if msgid in PLURALS:
            one, many = PLURALS[msgid][index]
            out.append("\n".join(comments + [head, f"msgstr[0] {_quote(one)}", f"msgstr[1] {_quote(many)}"]))
        elif msgid in T:
            out.append("\n".join(comments + [head, f"msgstr {_quote(T[msgid][index])}"]))
        else:
            missing.append(msgid)
            out.append(block)
    Path(path).write_text("\n\n".join(out).rstrip() + "\n", encoding="utf-8")
    return missing


if __name__ == "__main__":
    from pathlib import Path

    here = Path(__file__).resolve().parent
    for index, language in enumerate(LANGS):
        left = fill(str(here / language / "LC_MESSAGES" / "django.po"), index)
        print(language, "untranslated:", left)
